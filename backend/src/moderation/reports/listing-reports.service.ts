import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ESTABLISHED_REPORTER_WEIGHT,
  REPORTS_TO_HIDE,
  reporterWeight,
  type ListingReport,
  type ListingStatus,
  type OpenReport,
} from '@market/contracts';
import type { SessionUser } from '../../auth/auth.decorators';
import { AppException } from '../../common/app.exception';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { accountCreated } from '../../users/user-reads';
import { ListingsService } from '../../listings/listings.service';
import { LISTING_REPORT_LIMITS } from './listing-report.limits';
import { reportSources } from './report-sources';

/**
 * Buyers' reports on listings on sale. A report stays open until an admin rejects the listing or
 * restores it after the reports took it down. Each weighs what its reporter's record is worth
 * (reporterWeight); open reports from REPORTS_TO_HIDE independent established reporters
 * (reportSources) take the listing off the site and back into the admins' queue, so a scam stops
 * reaching buyers before anyone looks at it, and a few accounts made for the purpose cannot take
 * an honest listing down.
 */
@Injectable()
export class ListingReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: RateLimitService,
    private readonly listings: ListingsService,
  ) {}

  /** `POST /api/phone/{id}/report`: one report per user and listing; answers the listing's status after it. */
  async report(reporter: SessionUser, listingId: string, { reason, text }: ListingReport, ip: string): Promise<ListingStatus> {
    // Counted before anything is read (one atomic increment): a burst of reports cannot slip past the limit.
    await this.limits.consume(LISTING_REPORT_LIMITS.reports, reporter.id);
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.listings.lock(transaction, listingId);
      // Only what buyers can see can be reported; anything else is as unknown as a wrong id.
      if (listing.status !== 'active') throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
      if (listing.authorId === reporter.id) throw new AppException(HttpStatus.BAD_REQUEST, 'listingReportOwn');
      const added: unknown[] = await transaction.query(
        `INSERT INTO listing_report (listing_id, reporter_id, reason, text, weight, reporter_ip) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (listing_id, reporter_id) DO NOTHING RETURNING listing_id`,
        [listingId, reporter.id, reason, reason === 'other' ? text : (text ?? null), await this.weightOf(transaction, reporter.id), ip],
      );
      if (!added.length) throw new AppException(HttpStatus.CONFLICT, 'listingAlreadyReported');
      if (!(await this.enoughToHide(transaction, listingId))) return listing.status;
      return this.listings.hideReported(transaction, listingId, listing.status);
    });
  }

  /**
   * Whether the listing's open reports come from REPORTS_TO_HIDE independent established reporters: what takes it off the
   * site. Only a listing on sale is reported, so open reports that are enough did take it off.
   */
  private async enoughToHide(transaction: EntityManager, listingId: string): Promise<boolean> {
    const established = (await reportSources(transaction, listingId)).filter((weight) => weight >= ESTABLISHED_REPORTER_WEIGHT);
    return established.length >= REPORTS_TO_HIDE;
  }

  /** The reporter's weight now: the account's age, their approved listings, their reports upheld and dismissed. */
  private async weightOf(transaction: EntityManager, reporterId: string): Promise<number> {
    const account = accountCreated('asked.id', 'account');
    const [record]: { age_days: number; approved: number; upheld: number; dismissed: number }[] = await transaction.query(
      `SELECT extract(epoch FROM now() - account_created_at) / 86400 AS age_days,
              (SELECT count(*)::int FROM listing WHERE author_id = $1 AND approved_at IS NOT NULL) AS approved,
              (SELECT count(*)::int FROM listing_report WHERE reporter_id = $1 AND outcome = 'upheld') AS upheld,
              (SELECT count(*)::int FROM listing_report WHERE reporter_id = $1 AND outcome = 'dismissed') AS dismissed
         FROM (SELECT ${account.columns} FROM (SELECT $1::uuid AS id) asked ${account.join}) reporter`,
      [reporterId],
    );
    return reporterWeight({ accountAgeDays: Number(record.age_days), approvedListings: record.approved, upheld: record.upheld, dismissed: record.dismissed });
  }

  /** The open reports of each listing, newest first, for the moderation cards. */
  async openReports(listingIds: string[]): Promise<Map<string, OpenReport[]>> {
    const rows: { listing_id: string; reason: OpenReport['reason']; text: string | null; created_at: Date }[] = listingIds.length
      ? await this.dataSource.query(
          `SELECT listing_id, reason, text, created_at FROM listing_report
            WHERE listing_id = ANY($1) AND decided_at IS NULL ORDER BY created_at DESC`,
          [listingIds],
        )
      : [];
    const reports = new Map<string, OpenReport[]>();
    for (const row of rows) {
      const listing = reports.get(row.listing_id) ?? [];
      listing.push({ reason: row.reason, text: row.text, createdAt: row.created_at.toISOString() });
      reports.set(row.listing_id, listing);
    }
    return reports;
  }

  /** An admin rejected the listing: its open reports are upheld, their reporters' next reports weigh more, later ones count afresh. */
  async rejected(transaction: EntityManager, listingId: string): Promise<void> {
    await this.decide(transaction, listingId, 'upheld');
  }

  /**
   * An admin approved the listing. Reports that took it off the site are overruled: dismissed, their reporters' next reports
   * weigh less. Any other approval (an edit reviewed again) answers none of them: they stay open on its card and still count
   * toward hiding it, so an edit cannot wipe the reports on a listing nor weaken its reporters.
   */
  async approved(transaction: EntityManager, listingId: string): Promise<void> {
    if (await this.enoughToHide(transaction, listingId)) await this.decide(transaction, listingId, 'dismissed');
  }

  private async decide(transaction: EntityManager, listingId: string, outcome: 'upheld' | 'dismissed'): Promise<void> {
    await transaction.query(`UPDATE listing_report SET decided_at = now(), outcome = $2 WHERE listing_id = $1 AND decided_at IS NULL`, [listingId, outcome]);
  }
}
