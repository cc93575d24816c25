export { forgetEngagementOfDeletedMember } from './hi-fives.service.js';
