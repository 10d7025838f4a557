import { FLAGGED_MESSAGES_DAYS, FLAGGED_MESSAGES_REPEATED } from '@market/contracts';
import type { ReadFragment } from '../database/read-fragment';

/**
 * The authors of FLAGGED_MESSAGES_REPEATED flagged messages in FLAGGED_MESSAGES_DAYS days, and how many, counting only
 * those written after `since` (an SQL expression of the author's id `m.author_id`; NULL, the default, counts them all):
 * `author_id`, `flagged_messages`. Served by the partial index of flagged messages.
 */
export function repeatedlyFlaggedSince(since = 'NULL'): string {
  return `SELECT m.author_id, count(*)::int AS flagged_messages
            FROM conversation_message m
           WHERE m.warnings <> '{}' AND m.created_at > greatest(now() - interval '${FLAGGED_MESSAGES_DAYS} days', ${since})
           GROUP BY m.author_id
          HAVING count(*) >= ${FLAGGED_MESSAGES_REPEATED}`;
}

/**
 * How the moderators' queue reads the conversations' messages, read-only, so that their table
 * stays in this module: a seller whose messages repeatedly tripped the text checks
 * (repeatedlyFlaggedSince) and how many did, `flagged_messages`, null for anyone else.
 */
export function repeatedlyFlaggedAuthor(userId: string): ReadFragment {
  return { join: `LEFT JOIN (${repeatedlyFlaggedSince()}) flagged ON flagged.author_id = ${userId}`, columns: 'flagged.flagged_messages' };
}
