import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from '../../platform/db/schema/identity.js';

/**
 * For read models that show a person's picture in one statement: the profile image of the account whose id
 * is `userId` (a column of the outer query), as a storage key (profile-images/{user id}/{file}), or null.
 */
export function profileImageKeySql(userId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select 'profile-images/' || ${users.id} || '/' || ${users.profileImage}
  from ${users} where ${users.id} = ${userId} and ${users.profileImage} is not null)`;
}
