/**
 * Monitoring records (console.md §2 Monitoring, §3 Transaction record, §4 status filters;
 * ARCHITECTURE.md §5 `POST /api/records`).
 */
import { channelInfo, type ChannelId } from '@pesan/contracts/channels';
import {
  SEARCH_COUNT_LIMIT,
  decodeRecordsCursor,
  encodeRecordsCursor,
  maskRequestBody,
  resolveRecordsRange,
  type RecordDetail,
  type RecordsPage,
  type RecordsQuery,
  type TransactionRecord,
} from '@pesan/contracts/records';
import { recordsSearchTerm } from '@pesan/contracts/records-search';
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { getApplication } from '../application/application.service.ts';
import { organizationTimeZone } from '../organization/organization.service.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseBeforeRetention, type RetentionDeps } from '../../lib/retention.ts';
import { messageWebhookDeliveries } from '../webhooks/webhooks.service.ts';
import * as repo from './records.repo.ts';
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import { VERIFY_LIMITS, VERIFY_TOKEN_CHANNEL } from '@pesan/contracts/verify';

function toRecord(row: repo.MessageRow): TransactionRecord {
  const channel = row.channel as ChannelId;
  const isEmail = channel === 'email';
  const isVoiceOtp = channel === 'voice_otp';
  return {
    msgid: row.id,
    channel,
    phone_number: channelInfo(channel).phone && !isVoiceOtp ? row.recipient : null,
    email: isEmail ? row.recipient : null,
    to_number: isVoiceOtp ? row.recipient : null,
    msgInfo: row.templateName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    total_sms: row.totalSms,
    country: row.country,
    status: row.status as MessageStatus,
    reason: row.reason,
  };
}

/** What the records service uses (services.ts): the database, and the clock with RETENTION_DAYS for the retention rule. */
export interface RecordsDeps extends RetentionDeps {
  db: Db;
}

const HOUR_MS = 3_600_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (d: Date) => new Date(Math.ceil(d.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Matches of a filter without a search, from the hourly rollup (ARCHITECTURE.md §9). Whole hours
 * inside the range are summed from message_stats_hourly; a range bound that is not on an hour
 * boundary (an ISO date-time like 10:30, or a day in a zone with a half-hour offset) adds the exact
 * count of that partial edge hour read from messages by index — at most two hours scanned, so the
 * total is exact. Day ranges in Asia/Jakarta (UTC+7) are on hour boundaries: rollup only.
 */
async function totalFromRollup(db: Db, f: repo.RecordsFilter): Promise<number> {
  const { from, to } = f;
  const toExclusive = f.toExclusive ?? false;
  const lo = from ? ceilHour(from) : undefined;
  // Inclusive `to` on an hour boundary still holds messages at exactly `to`: an edge of its own.
  const hi = to ? floorHour(to) : undefined;
  if (lo && hi && lo.getTime() > hi.getTime()) return repo.countInSpan(db, f, from, to, toExclusive);
  let total = await repo.sumHourlyStats(db, { applicationId: f.applicationId, channel: f.channel, status: f.status, fromHour: lo, toHour: hi });
  if (from && lo && from.getTime() < lo.getTime()) total += await repo.countInSpan(db, f, from, lo, true);
  if (to && hi && (!toExclusive || hi.getTime() < to.getTime())) total += await repo.countInSpan(db, f, hi, to, toExclusive);
  return total;
}

/**
 * A page of the messages of one application and channel, newest first (created_at, id descending),
 * filtered by date range (days in the organization's time zone, organizationTimeZone, end day
 * included; or ISO date-times, both inclusive), status (`showType` 'all' = none) and search
 * (contracts recordsSearchTerm; a search that cannot match answers the empty page without a
 * query). Paging: `cursor` (keyset, after the row it names) or else `page` (offset; kept for
 * compatibility). `total`: the hourly rollup without a search (totalFromRollup), else the matches
 * counted up to SEARCH_COUNT_LIMIT (`total_capped`). `last_update`: newest updated_at among the
 * page's rows (ARCHITECTURE.md §7 deviation 8), or null. The query is already validated by
 * recordsQuerySchema (range 1–31 days).
 * @throws AppError not_found (404) when the application is not the caller organization's;
 *   outside_retention (422) when `startDate` is before the oldest kept messages (lib/retention.ts).
 */
export async function listRecords(deps: RecordsDeps, organizationId: string, q: RecordsQuery): Promise<RecordsPage> {
  const { db } = deps;
  const app = await getApplication(db, organizationId, q.application_id);
  const timeZone = await organizationTimeZone(db, organizationId);
  const range = resolveRecordsRange(q.startDate, q.endDate, timeZone);
  refuseBeforeRetention(deps, range.from, timeZone, 'startDate');
  const term = recordsSearchTerm(q.channel, q.search);
  const empty: RecordsPage = { data: [], page: q.page, limit: q.limit, pages: 0, total: 0, total_capped: false, next_cursor: null, last_update: null };
  if (term.kind === 'never') return empty;
  const filter: repo.RecordsFilter = {
    organizationId,
    applicationId: app.id,
    channel: q.channel,
    from: range.from,
    to: range.to,
    toExclusive: range.toExclusive,
    status: q.showType === 'all' ? undefined : q.showType,
    idPrefix: term.kind === 'id_prefix' ? term.value : undefined,
    recipientPrefix: term.kind === 'recipient_prefix' ? term.value : undefined,
    recipientContains: term.kind === 'recipient_contains' ? term.value : undefined,
  };
  const after = q.cursor ? (decodeRecordsCursor(q.cursor) ?? undefined) : undefined;
  const rows = await repo.findRecordsPage(db, filter, { limit: q.limit + 1, offset: (q.page - 1) * q.limit, after });
  const shown = rows.slice(0, q.limit);
  let total: number;
  let capped = false;
  if (term.kind === 'none') total = await totalFromRollup(db, filter);
  else {
    const n = await repo.countMatches(db, filter, SEARCH_COUNT_LIMIT);
    capped = n > SEARCH_COUNT_LIMIT;
    total = Math.min(n, SEARCH_COUNT_LIMIT);
  }
  const last = shown.at(-1);
  const lastUpdate = shown.reduce<Date | null>((m, r) => (!m || r.updatedAt > m ? r.updatedAt : m), null);
  return {
    data: shown.map(toRecord),
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(total / q.limit),
    total,
    total_capped: capped,
    next_cursor: rows.length > q.limit && last ? encodeRecordsCursor({ at: last.cursorAt, id: last.id }) : null,
    last_update: lastUpdate ? lastUpdate.toISOString() : null,
  };
}

/** What a hidden value of a request body shows. */
export const HIDDEN_VALUE = '••••••••';

/**
 * A request body with every value hidden (strings, numbers and booleans become HIDDEN_VALUE; null,
 * the field names and the shape stay): what a member without the `messages.body` permission sees
 * (ARCHITECTURE.md §5.1: a viewer's message detail has the request body masked).
 */
export function hideBodyValues(body: Record<string, unknown>): Record<string, unknown> {
  const hide = (v: unknown): unknown =>
    v === null || v === undefined ? v : Array.isArray(v) ? v.map(hide) : typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, hide(x)])) : HIDDEN_VALUE;
  return hide(body) as Record<string, unknown>;
}

/** The message channels that carry Verify codes (contracts VERIFY_TOKEN_CHANNEL: sms goes over SMS OTP). */
const VERIFY_MESSAGE_CHANNELS = new Set<string>(Object.values(VERIFY_TOKEN_CHANNEL));
/** Seconds of slack around a code message's creation when its verification is looked up. */
const VERIFICATION_LOOKUP_SLACK_SECONDS = 5;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message detail (issue 9; ARCHITECTURE.md §5 `GET /api/records/{messageId}`): the record, its
 * event timeline, the accepted body with OTP codes masked (contracts maskRequestBody), or with
 * every value hidden when `opts.hideBody` (hideBodyValues: a caller without `messages.body`), its
 * webhook attempts, and `verification_id`: the Verify verification whose code it carried
 * (ARCHITECTURE.md §6.4; same organization and application, created at most an hour before it), or null.
 * @throws AppError not_found (404) for a malformed id or a message of another organization.
 */
export async function getRecord({ db }: Pick<RecordsDeps, 'db'>, organizationId: string, messageId: string, opts: { hideBody?: boolean } = {}): Promise<RecordDetail> {
  const found = UUID_RE.test(messageId) ? await repo.findMessageDetail(db, organizationId, messageId) : null;
  if (!found) throw new AppError('not_found', V1_MESSAGES.messageNotFound);
  const { message, events, authenticationTemplate } = found;
  const channel = message.channel as ChannelId;
  return {
    ...toRecord(message),
    application_id: message.applicationId,
    provider_code: message.providerCode,
    events: events.map((e) => ({ status: e.status as MessageStatus, at: e.at.toISOString(), reason: e.reason, provider_code: e.providerCode })),
    body: opts.hideBody ? hideBodyValues((message.body ?? {}) as Record<string, unknown>) : maskRequestBody(channel, (message.body ?? {}) as Record<string, unknown>, { authenticationTemplate }),
    webhook_deliveries: await messageWebhookDeliveries({ db }, organizationId, message.applicationId, message.id),
    verification_id: VERIFY_MESSAGE_CHANNELS.has(channel)
      ? await repo.findVerificationIdOfMessage(db, {
          organizationId,
          applicationId: message.applicationId,
          messageId: message.id,
          createdFrom: new Date(message.createdAt.getTime() - (VERIFY_LIMITS.expiresInMax + VERIFICATION_LOOKUP_SLACK_SECONDS) * 1000),
          createdTo: new Date(message.createdAt.getTime() + VERIFICATION_LOOKUP_SLACK_SECONDS * 1000),
        })
      : null,
  };
}
