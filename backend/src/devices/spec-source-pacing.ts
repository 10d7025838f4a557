import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SpecSourcePacingState } from '@market/contracts';
import { AppConfig } from '../config/app-config';

/** Refusals in a row after which the refresh stops for a day: a site that keeps refusing is banning us. */
export const REFUSALS_BEFORE_A_DAYS_PAUSE = 5;
/** The first pause after a refusal; each further refusal in a row doubles it. */
const FIRST_PAUSE_SECONDS = 60;
const DAY_SECONDS = 86_400;

/** Why the spec source may not be asked now, and until when. */
export interface SpecSourceClosed {
  reason: 'paused' | 'hourly-cap';
  until: Date;
}

interface PacingRow {
  hour_started_at: Date | null;
  requests_this_hour: number;
  last_success_at: Date | null;
  last_refusal_at: Date | null;
  last_refusal: string | null;
  paused_until: Date | null;
}

/**
 * How gently the workers ask the spec source (GSMArena bans addresses after a few dozen quick
 * requests): at most so many requests an hour across every worker process, consumed before each
 * request in one statement; a refusal (429, 403) pauses the refresh, 1 minute doubling with each
 * refusal in a row (or longer when the site says Retry-After), and the fifth in a row for a day.
 * Kept in one row (spec_source_pacing) that admins read.
 */
@Injectable()
export class SpecSourcePacing {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  private get perHour(): number {
    return this.config.SPEC_SOURCE_REQUESTS_PER_HOUR;
  }

  /** Takes one of the hour's requests; answers why not (and until when) when none may be made now. */
  async takeRequest(): Promise<SpecSourceClosed | null> {
    const [, taken] = await this.dataSource.query(
      `UPDATE spec_source_pacing SET
              hour_started_at = CASE WHEN ${NEW_HOUR} THEN clock_timestamp() ELSE hour_started_at END,
              requests_this_hour = CASE WHEN ${NEW_HOUR} THEN 1 ELSE requests_this_hour + 1 END
        WHERE (paused_until IS NULL OR paused_until <= clock_timestamp()) AND (${NEW_HOUR} OR requests_this_hour < $1)
        RETURNING 1`,
      [this.perHour],
    );
    return taken ? null : this.closed();
  }

  /** Why the source may not be asked now (paused, or the hour's requests used), or null when it may. */
  async closed(): Promise<SpecSourceClosed | null> {
    const row = await this.row();
    const now = Date.now();
    if (row.paused_until && row.paused_until.getTime() > now) return { reason: 'paused', until: row.paused_until };
    const hourEnds = row.hour_started_at && row.hour_started_at.getTime() + 3_600_000;
    if (hourEnds && hourEnds > now && row.requests_this_hour >= this.perHour) return { reason: 'hourly-cap', until: new Date(hourEnds) };
    return null;
  }

  async recordSuccess(): Promise<void> {
    await this.dataSource.query(`UPDATE spec_source_pacing SET last_success_at = clock_timestamp(), refusals_in_a_row = 0`);
  }

  /** A refusal (429 or 403): pauses the refresh for twice as long as the previous one in a row, at least `retryAfterSeconds`, a day from the fifth. */
  async recordRefusal(refusal: string, retryAfterSeconds = 0): Promise<void> {
    await this.dataSource.query(
      `UPDATE spec_source_pacing SET
              refusals_in_a_row = refusals_in_a_row + 1,
              last_refusal_at = clock_timestamp(),
              last_refusal = $1,
              paused_until = clock_timestamp() + make_interval(secs => CASE
                WHEN refusals_in_a_row + 1 >= $2 THEN $3
                ELSE greatest($4::float8, $5 * power(2, refusals_in_a_row)) END)`,
      [refusal, REFUSALS_BEFORE_A_DAYS_PAUSE, DAY_SECONDS, retryAfterSeconds, FIRST_PAUSE_SECONDS],
    );
  }

  /** What admins see of the refresh. */
  async state(): Promise<SpecSourcePacingState> {
    const row = await this.row();
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    const hourRunning = row.hour_started_at && row.hour_started_at.getTime() + 3_600_000 > Date.now();
    return {
      lastSuccessAt: iso(row.last_success_at),
      lastRefusalAt: iso(row.last_refusal_at),
      lastRefusal: row.last_refusal,
      pausedUntil: row.paused_until && row.paused_until.getTime() > Date.now() ? iso(row.paused_until) : null,
      requestsThisHour: hourRunning ? row.requests_this_hour : 0,
      requestsPerHour: this.perHour,
    };
  }

  private async row(): Promise<PacingRow> {
    const [row] = await this.dataSource.query(`SELECT * FROM spec_source_pacing`);
    return row;
  }
}

/** The counted hour is over (or never began): the request starts a new one. */
const NEW_HOUR = `(hour_started_at IS NULL OR hour_started_at <= clock_timestamp() - interval '1 hour')`;
