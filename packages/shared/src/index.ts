export * from './artists.js';
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './pagination.js';
export * from './users.js';
export * from './validation.js';
