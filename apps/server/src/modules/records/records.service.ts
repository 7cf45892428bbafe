/**
 * Monitoring records (console.md §2 Monitoring, §3 Transaction record, §4 status filters;
 * ARCHITECTURE.md §5 `POST /api/records`).
 */
import { channelInfo, type ChannelId } from '@pesan/contracts/channels';
import { maskRequestBody, type RecordDetail, type RecordsPage, type RecordsQuery, type TransactionRecord } from '@pesan/contracts/records';
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { getApplication } from '../application/application.service.ts';
import { AppError } from '../../lib/errors.ts';
import { messageWebhookDeliveries } from '../webhooks/webhooks.service.ts';
import * as repo from './records.repo.ts';

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

/**
 * Search rules: `message_id` matches the id exactly or by prefix (case-insensitive); `number`
 * keeps the digits, rewrites a leading 0 to 62 (console.md §5) and matches recipients containing
 * them; `email` matches recipients containing the text, case-insensitively. An empty value is no filter.
 */
function searchFilter(search: RecordsQuery['search']): Pick<repo.RecordsFilter, 'idPrefix' | 'recipientContains'> {
  if (!search || typeof search !== 'object' || !('key' in search)) return {};
  const value = search.value.trim();
  if (!value) return {};
  if (search.key === 'message_id') return { idPrefix: value.toLowerCase() };
  if (search.key === 'number') {
    const digits = value.replace(/\D/g, '').replace(/^0/, '62');
    return digits ? { recipientContains: digits } : {};
  }
  return { recipientContains: value };
}

/**
 * A page of the messages of one application and channel, newest first, filtered by date range on
 * created_at (inclusive), status (`showType` 'all' = none) and search; `last_update` is the most
 * recent updated_at among all filtered rows, or null. The query is already validated by
 * recordsQuerySchema (range at most 31 days).
 * @throws AppError not_found (404) when the application is not the caller organization's.
 */
export async function listRecords(db: Db, organizationId: string, q: RecordsQuery): Promise<RecordsPage> {
  const app = await getApplication(db, organizationId, q.application_id);
  const { rows, total, lastUpdate } = await repo.findRecords(db, {
    organizationId,
    applicationId: app.id,
    channel: q.channel,
    from: q.startDate ? new Date(q.startDate) : undefined,
    to: q.endDate ? new Date(q.endDate) : undefined,
    status: q.showType === 'all' ? undefined : q.showType,
    ...searchFilter(q.search),
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return {
    data: rows.map(toRecord),
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(total / q.limit),
    total,
    last_update: lastUpdate ? lastUpdate.toISOString() : null,
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message detail (issue 9; ARCHITECTURE.md §5 `GET /api/records/{messageId}`): the record, its
 * event timeline, the accepted body with OTP codes masked (contracts maskRequestBody) and its
 * webhook attempts.
 * @throws AppError not_found (404) for a malformed id or a message of another organization.
 */
export async function getRecord(db: Db, organizationId: string, messageId: string): Promise<RecordDetail> {
  const found = UUID_RE.test(messageId) ? await repo.findMessageDetail(db, organizationId, messageId) : null;
  if (!found) throw new AppError('not_found', 'Message not found');
  const { message, events, authenticationTemplate } = found;
  const channel = message.channel as ChannelId;
  return {
    ...toRecord(message),
    application_id: message.applicationId,
    provider_code: message.providerCode,
    events: events.map((e) => ({ status: e.status as MessageStatus, at: e.at.toISOString(), reason: e.reason, provider_code: e.providerCode })),
    body: maskRequestBody(channel, (message.body ?? {}) as Record<string, unknown>, { authenticationTemplate }),
    webhook_deliveries: await messageWebhookDeliveries({ db }, organizationId, message.applicationId, message.id),
  };
}
