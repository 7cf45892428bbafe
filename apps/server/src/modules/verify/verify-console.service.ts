/**
 * Verify in the console (ARCHITECTURE.md §6.4, issue 27; contracts verify-console.ts): the
 * Overview's Verify tab (from the hourly rollup verify_stats_hourly, never from verifications), a
 * verification's timeline, and an application's allowed countries. The rollup itself is
 * verify-stats.repo.ts rollUpVerifyStats, run by the jobs through rollUpStats.
 */
import { resolveDashboardRange, type ResolvedRange } from '@pesan/contracts/dashboard';
import { VERIFY_CHANNELS, VERIFY_LIMITS, type VerificationStatus, type VerifyChannel, type VerifyLocale } from '@pesan/contracts/verify';
import {
  VERIFY_APPROVE_BUCKETS,
  VERIFY_CONSOLE_MESSAGES,
  medianFromHistogram,
  type VerificationTimeline,
  type VerifyChannelFigures,
  type VerifyReportData,
  type VerifyReportQuery,
  type VerifySettings,
  type VerifySettingsBody,
} from '@pesan/contracts/verify-console';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseBeforeRetention, type RetentionDeps } from '../../lib/retention.ts';
import { applicationNotFound, getApplication, isUuid } from '../application/application.service.ts';
import { organizationTimeZone } from '../organization/organization.service.ts';
import * as consoleRepo from './verify-console.repo.ts';
import * as statsRepo from './verify-stats.repo.ts';
import * as verifyRepo from './verify.repo.ts';
import { setAllowedCountries } from './verify.service.ts';

/** What the Verify console service uses (services.ts): the database, the clock and RETENTION_DAYS (the report's range rule, lib/retention.ts). */
export interface VerifyConsoleDeps extends RetentionDeps {
  db: Db;
}

/** `approved / started` in percent, 2 decimals; null when nothing started. */
function conversionRate(approved: number, started: number): number | null {
  return started === 0 ? null : Math.round((approved / started) * 10_000) / 100;
}

/** Index of the range's bucket holding UTC hour `hour` (buckets are ordered and contiguous), or -1. */
function bucketOf(range: ResolvedRange, hour: Date): number {
  const t = hour.getTime();
  return range.buckets.findIndex((b) => t >= b.from.getTime() && t < b.to.getTime());
}

const emptyHist = () => VERIFY_APPROVE_BUCKETS.map(() => 0);
const addHist = (into: number[], from: readonly number[]) => from.forEach((n, i) => i < into.length && (into[i]! += n));

/**
 * `POST /api/report/verify`: the Verify figures of one application over a range (1–31 days, as
 * the WhatsApp session tab: `YYYY-MM-DD` days of the organization's time zone, end inclusive, or
 * ISO date-times widened to whole hours). Cohorts by the hour a verification STARTED and the
 * channel it started on: started, approved, expired, failed, canceled and still pending;
 * conversion_rate = approved / started × 100 (2 decimals, null when none started);
 * median_seconds_to_approve (seconds, 1 decimal, null when none approved) estimated from the
 * summed histograms (medianFromHistogram). per_channel: all four channels, zeros included. series:
 * one point per hour for a single day, else per day, labels local to the time zone
 * (resolveDashboardRange), each with started and approved per channel. Reads only verify_stats_hourly.
 * @throws AppError not_found (404) when the application is not the caller organization's;
 *   outside_retention (422) when the range starts before the oldest kept messages (lib/retention.ts).
 */
export async function verifyReport(deps: VerifyConsoleDeps, organizationId: string, q: VerifyReportQuery): Promise<VerifyReportData> {
  const { db } = deps;
  const app = await getApplication(db, organizationId, q.application_id);
  const timeZone = await organizationTimeZone(db, organizationId);
  const range = resolveDashboardRange(q.startDate, q.endDate, timeZone);
  refuseBeforeRetention(deps, range.from, timeZone, 'startDate');
  const rows = await statsRepo.findVerifyStats(db, organizationId, app.id, range.from, range.to);
  const totals = { started: 0, approved: 0, expired: 0, failed: 0, canceled: 0, pending: 0 };
  const hist = emptyHist();
  const perChannel = new Map<VerifyChannel, { started: number; approved: number; hist: number[] }>(VERIFY_CHANNELS.map((c) => [c, { started: 0, approved: 0, hist: emptyHist() }]));
  const series = range.buckets.map((b) => ({
    label: b.label,
    started: 0,
    approved: 0,
    channels: Object.fromEntries(VERIFY_CHANNELS.map((c) => [c, { started: 0, approved: 0 }])) as Record<VerifyChannel, { started: number; approved: number }>,
  }));
  for (const r of rows) {
    totals.started += r.started;
    totals.approved += r.approved;
    totals.expired += r.expired;
    totals.failed += r.failed;
    totals.canceled += r.canceled;
    totals.pending += r.pending;
    addHist(hist, r.approveHist);
    const c = perChannel.get(r.channel);
    if (c) {
      c.started += r.started;
      c.approved += r.approved;
      addHist(c.hist, r.approveHist);
    }
    const point = series[bucketOf(range, r.hour)];
    if (point) {
      point.started += r.started;
      point.approved += r.approved;
      point.channels[r.channel].started += r.started;
      point.channels[r.channel].approved += r.approved;
    }
  }
  const per_channel: VerifyChannelFigures[] = VERIFY_CHANNELS.map((channel) => {
    const c = perChannel.get(channel)!;
    return { channel, started: c.started, approved: c.approved, conversion_rate: conversionRate(c.approved, c.started), median_seconds_to_approve: medianFromHistogram(c.hist) };
  });
  return {
    application_id: app.id,
    granularity: range.granularity,
    time_zone: timeZone,
    ...totals,
    conversion_rate: conversionRate(totals.approved, totals.started),
    median_seconds_to_approve: medianFromHistogram(hist),
    per_channel,
    series,
  };
}

const verificationNotFound = () => new AppError('not_found', VERIFY_CONSOLE_MESSAGES.verificationNotFound);

/**
 * `GET /api/verifications/{id}`: the verification of the caller's organization with its timeline,
 * oldest first: `started` (created_at, the start channel), one `sent` per message that carried a
 * code (its channel, message id and time), then `approved`, `expired`, `failed` or `canceled` at
 * closed_at. A pending verification whose expires_at passed reads `expired` (at expires_at), as
 * GET /v1/verify reads it. seconds_to_approve: seconds from start to approval, 1 decimal, null
 * unless approved. Never the code nor its HMAC.
 * @throws AppError not_found (404, VERIFY_CONSOLE_MESSAGES.verificationNotFound) for a malformed id
 *   or a verification of another organization.
 */
export async function getVerificationTimeline(deps: VerifyConsoleDeps, organizationId: string, id: string): Promise<VerificationTimeline> {
  if (!isUuid(id)) throw verificationNotFound();
  const found = await consoleRepo.findOrganizationVerification(deps.db, organizationId, id);
  if (!found) throw verificationNotFound();
  const v = found.verification;
  const lapsed = v.status === 'pending' && v.expiresAt.getTime() <= deps.now().getTime();
  const status: VerificationStatus = lapsed ? 'expired' : v.status;
  const closedAt = v.closedAt ?? (lapsed ? v.expiresAt : null);
  const events: VerificationTimeline['events'] = [
    { kind: 'started', at: v.createdAt.toISOString(), channel: v.channel, message_id: null },
    ...v.sends.map((s) => ({ kind: 'sent' as const, at: s.at, channel: s.channel, message_id: s.message_id })),
  ];
  if (status !== 'pending' && closedAt) events.push({ kind: status, at: closedAt.toISOString(), channel: null, message_id: null });
  return {
    id: v.id,
    application_id: v.applicationId,
    application_name: found.applicationName,
    recipient: v.recipient,
    country: v.country,
    channel: v.channel,
    status,
    locale: v.locale as VerifyLocale,
    template: v.template,
    attempts: v.attempts,
    attempts_left: Math.max(0, VERIFY_LIMITS.maxChecks - v.attempts),
    send_count: v.sendCount,
    created_at: v.createdAt.toISOString(),
    expires_at: v.expiresAt.toISOString(),
    approved_at: v.approvedAt?.toISOString() ?? null,
    closed_at: closedAt?.toISOString() ?? null,
    seconds_to_approve: status === 'approved' && v.approvedAt ? Math.round((v.approvedAt.getTime() - v.createdAt.getTime()) / 100) / 10 : null,
    events,
  };
}

/**
 * `GET /api/applications/{id}/verify-settings`: the countries the application's Verify sends to
 * (ISO 3166-1 alpha-2, null = any) and its effective verifications per minute (the operator's, or
 * VERIFY_LIMITS.perMinuteDefault with `per_minute_is_default`).
 * @throws AppError not_found (404) for a malformed id, a deleted application or another organization's.
 */
export async function getVerifySettings(deps: VerifyConsoleDeps, organizationId: string, applicationId: string): Promise<VerifySettings & { application_name: string }> {
  if (!isUuid(applicationId)) throw applicationNotFound();
  const s = await verifyRepo.findVerifySettings(deps.db, { organizationId, applicationId });
  if (!s) throw applicationNotFound();
  return {
    application_name: s.name,
    allowed_countries: s.allowedCountries,
    per_minute: s.perMinute ?? VERIFY_LIMITS.perMinuteDefault,
    per_minute_is_default: s.perMinute === null,
  };
}

/**
 * `PUT /api/applications/{id}/verify-settings`: sets the countries (already validated, upper-case,
 * deduplicated and sorted by verifySettingsBodySchema; null = any) of the caller organization's
 * application and answers its settings (with its name, for the audit entry the route records).
 * @throws AppError not_found (404) for a malformed id, a deleted application or another organization's.
 */
export async function putVerifySettings(
  deps: VerifyConsoleDeps,
  organizationId: string,
  applicationId: string,
  body: VerifySettingsBody,
): Promise<VerifySettings & { application_name: string }> {
  if (!isUuid(applicationId)) throw applicationNotFound();
  if (!(await setAllowedCountries(deps.db, applicationId, body.allowed_countries, deps.now(), organizationId))) throw applicationNotFound();
  return getVerifySettings(deps, organizationId, applicationId);
}

/**
 * The Verify console service (bound in services.ts): the report, the timeline, the settings, and
 * `rollUpStats`, one run of the hourly rollup at the current time (rollUpVerifyStats; every minute
 * and at worker start, jobs/registry.ts), answering the number of groups recomputed.
 */
export function createVerifyConsoleService(deps: VerifyConsoleDeps) {
  return {
    verifyReport: (organizationId: string, q: VerifyReportQuery) => verifyReport(deps, organizationId, q),
    getVerificationTimeline: (organizationId: string, id: string) => getVerificationTimeline(deps, organizationId, id),
    getVerifySettings: (organizationId: string, applicationId: string) => getVerifySettings(deps, organizationId, applicationId),
    putVerifySettings: (organizationId: string, applicationId: string, body: VerifySettingsBody) => putVerifySettings(deps, organizationId, applicationId, body),
    rollUpStats: () => statsRepo.rollUpVerifyStats(deps.db, deps.now()),
  };
}
export type VerifyConsoleService = ReturnType<typeof createVerifyConsoleService>;
