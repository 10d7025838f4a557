import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { REPORTS_TO_HIDE, type ListingReport, type ListingStatus, type OpenReport } from '@market/contracts';
import type { SessionUser } from '../../auth/auth.decorators';
import { AppException } from '../../common/app.exception';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { nextStatus } from '../listing-lifecycle';
import { LISTING_REPORT_LIMITS } from './listing-report.limits';

/**
 * Buyers' reports on listings on sale. A report stays open until an admin approves or rejects the
 * listing; open reports from REPORTS_TO_HIDE different users take the listing off the site and
 * back into the admins' queue, so a scam stops reaching buyers before anyone looks at it.
 */
@Injectable()
export class ListingReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: RateLimitService,
  ) {}

  /** `POST /api/phone/{id}/report`: one report per user and listing; answers the listing's status after it. */
  async report(reporter: SessionUser, listingId: string, { reason, text }: ListingReport): Promise<ListingStatus> {
    await this.limits.assertAvailable(LISTING_REPORT_LIMITS.reports, reporter.id);
    const status = await this.dataSource.transaction(async (transaction) => {
      const [listing]: { status: ListingStatus; author_id: string }[] = await transaction.query(
        `SELECT status, author_id FROM listing WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [listingId],
      );
      // Only what buyers can see can be reported; anything else is as unknown as a wrong id.
      if (!listing || listing.status !== 'active') throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
      if (listing.author_id === reporter.id) throw new AppException(HttpStatus.BAD_REQUEST, 'listingReportOwn');
      const added: unknown[] = await transaction.query(
        `INSERT INTO listing_report (listing_id, reporter_id, reason, text) VALUES ($1, $2, $3, $4)
         ON CONFLICT (listing_id, reporter_id) DO NOTHING RETURNING listing_id`,
        [listingId, reporter.id, reason, reason === 'other' ? text : (text ?? null)],
      );
      if (!added.length) throw new AppException(HttpStatus.CONFLICT, 'listingAlreadyReported');
      const [{ open }]: { open: number }[] = await transaction.query(
        `SELECT count(*)::int AS open FROM listing_report WHERE listing_id = $1 AND decided_at IS NULL`,
        [listingId],
      );
      if (open < REPORTS_TO_HIDE) return listing.status;
      const hidden = nextStatus('hideReported', listing.status, 'listingNotFound');
      await transaction.query(`UPDATE listing SET status = $2, updated_at = now() WHERE id = $1`, [listingId, hidden]);
      return hidden;
    });
    await this.limits.record(LISTING_REPORT_LIMITS.reports, reporter.id);
    return status;
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

  /** An admin's approval or rejection decides the listing's open reports: later ones count afresh. */
  async decide(transaction: EntityManager, listingId: string): Promise<void> {
    await transaction.query(`UPDATE listing_report SET decided_at = now() WHERE listing_id = $1 AND decided_at IS NULL`, [listingId]);
  }
}
