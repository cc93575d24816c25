import type { Database } from '../../platform/db/client.js';
import { providerEvents } from '../../platform/db/schema/billing.js';

/** Records the event as applied; false when it was applied before (a redelivery). */
export async function recordProviderEvent(db: Database, provider: string, eventId: string, type: string) {
  const rows = await db
    .insert(providerEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}
