import type { Database } from '../../platform/db/client.js';
import { listActiveSubscriptions } from './subscriptions.repository.js';

/** Subscriptions: what other modules may ask of billing. */
export function findActiveSubscriptions(db: Database, memberIds: string[]) {
  return listActiveSubscriptions(db, memberIds);
}
