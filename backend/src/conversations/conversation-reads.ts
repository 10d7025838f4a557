import { FLAGGED_MESSAGES_DAYS, FLAGGED_MESSAGES_REPEATED } from '@market/contracts';
import type { ReadFragment } from '../database/read-fragment';

/**
 * How the moderators' queue reads the conversations' messages, read-only, so that their table
 * stays in this module: a seller whose messages repeatedly tripped the text checks
 * (FLAGGED_MESSAGES_REPEATED in FLAGGED_MESSAGES_DAYS days) and how many did, `flagged_messages`,
 * null for anyone else. Served by the partial index of flagged messages.
 */
export function repeatedlyFlaggedAuthor(userId: string): ReadFragment {
  return {
    join: `LEFT JOIN (
             SELECT author_id, count(*)::int AS flagged_messages
               FROM conversation_message
              WHERE warnings <> '{}' AND created_at > now() - interval '${FLAGGED_MESSAGES_DAYS} days'
              GROUP BY author_id
             HAVING count(*) >= ${FLAGGED_MESSAGES_REPEATED}
           ) flagged ON flagged.author_id = ${userId}`,
    columns: 'flagged.flagged_messages',
  };
}

/**
 * The authors of FLAGGED_MESSAGES_REPEATED flagged messages in FLAGGED_MESSAGES_DAYS days, counting only those written
 * after `since` (an SQL expression of the author's id `m.author_id`; null counts them all): `author_id`.
 */
export function repeatedlyFlaggedSince(since: string): string {
  return `SELECT m.author_id
            FROM conversation_message m
           WHERE m.warnings <> '{}' AND m.created_at > greatest(now() - interval '${FLAGGED_MESSAGES_DAYS} days', ${since})
           GROUP BY m.author_id
          HAVING count(*) >= ${FLAGGED_MESSAGES_REPEATED}`;
}
