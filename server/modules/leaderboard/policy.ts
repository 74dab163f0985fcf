import { and, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { LeaderboardScope } from '../../../shared/api/leaderboard';
import { users } from '../../db/schema';
import { isFriendOf } from '../friends/policy';
import { blockedBetween } from '../users/policy';

/**
 * Who may appear on a leaderboard for `me`: real people only (no AI trainer or other system user, nobody
 * banned), nobody on either side of a block, and no demo account except `me`'s own sandbox (a demo visitor sees
 * real users and their own demo friends; real users never see demo accounts). The friends scope keeps `me` and
 * their friends.
 */
export function eligibleFor(me: { id: string; isDemo: boolean }, scope: LeaderboardScope): SQL {
  const conditions: SQL[] = [
    ne(users.role, 'system'),
    isNull(users.bannedAt),
    sql`not ${blockedBetween(me.id, sql`${users.id}`)}`,
  ];
  if (me.isDemo) {
    conditions.push(
      sql`(not ${users.isDemo} or ${users.id} = ${me.id} or ${isFriendOf(me.id, sql`${users.id}`)})`,
    );
  } else {
    conditions.push(sql`not ${users.isDemo}`);
  }
  if (scope === 'friends') {
    // A semi-join from the (small) friend list, not a filter over every user.
    conditions.push(
      sql`${users.id} in (select f.friend_id from friendships f where f.user_id = ${me.id} union all select ${me.id})`,
    );
  }
  return and(...conditions)!;
}
