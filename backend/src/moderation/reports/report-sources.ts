import type { EntityManager } from 'typeorm';
import { ACCOUNTS_TOGETHER_MINUTES } from '@market/contracts';
import { accountCreated } from '../../users/user-reads';

/** An open report as its source is judged: one address, or accounts created together, are one source. */
interface OpenReportSource {
  weight: number;
  reporter_ip: string | null;
  reporter_created_at: Date;
}

/**
 * The independent sources of a listing's open reports, each with its strongest reporter's weight:
 * reports from one address, or from accounts created within ACCOUNTS_TOGETHER_MINUTES of each
 * other, are one source, so a handful of accounts made for a campaign counts once.
 */
export async function reportSources(db: Pick<EntityManager, 'query'>, listingId: string): Promise<number[]> {
  const reporter = accountCreated('r.reporter_id', 'reporter');
  const reports: OpenReportSource[] = await db.query(
    `SELECT r.weight, r.reporter_ip, ${reporter.columns} FROM listing_report r ${reporter.join}
      WHERE r.listing_id = $1 AND r.decided_at IS NULL ORDER BY reporter.created_at`,
    [listingId],
  );
  const together = ACCOUNTS_TOGETHER_MINUTES * 60_000;
  // Union-find over a few reports: two are one source when they share an address or their accounts were created together.
  const source = reports.map((_, index) => index);
  const root = (index: number): number => (source[index] === index ? index : (source[index] = root(source[index])));
  reports.forEach((report, index) => {
    for (let other = 0; other < index; other++) {
      const sameAddress = report.reporter_ip !== null && report.reporter_ip === reports[other].reporter_ip;
      const createdTogether = Math.abs(report.reporter_created_at.getTime() - reports[other].reporter_created_at.getTime()) < together;
      if (sameAddress || createdTogether) source[root(index)] = root(other);
    }
  });
  const strongest = new Map<number, number>();
  reports.forEach((report, index) => strongest.set(root(index), Math.max(strongest.get(root(index)) ?? 0, report.weight)));
  return [...strongest.values()];
}
