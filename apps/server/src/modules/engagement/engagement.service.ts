import type { Database } from '../../platform/db/client.js';
import { listHiFivesOfUsers } from './hi-fives.repository.js';

export { forgetEngagementOfDeletedMember } from './hi-fives.service.js';

/** Hi Fives: what other modules may ask of engagement. */
export function findHiFivesOfUsers(db: Database, userIds: string[]) {
  return listHiFivesOfUsers(db, userIds);
}
