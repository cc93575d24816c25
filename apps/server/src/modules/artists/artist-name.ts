import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { artists } from '../../platform/db/schema/artists.js';

/**
 * The name of the artist `artistId` names, as a subquery for another module's statement (a download's file name
 * is read with its song: docs/decisions/0065). Null for no such artist.
 */
export function artistNameOf(artistId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select ${artists.name} from ${artists} where ${artists.id} = ${artistId})`;
}
