/**
 * Application rules (console.md §2 My Application, Create/Edit application, §3 Application;
 * ARCHITECTURE.md §5, §7.5). Every call is scoped to the caller's organization: an application of
 * another organization, a deleted one, or a malformed id is a 404.
 */
import { applicationSender } from '../../messaging/whatsapp/sender.service.ts';
import {
  APPLICATION_MESSAGES,
  type Application,
  type ApplicationChannel,
  type ChannelListEntry,
  type CreateApplicationInput,
  type ListApplicationsInput,
  type Paged,
  type UpdateApplicationInput,
} from '@pesan/contracts/application';
import { CHANNELS, CHANNEL_IDS, channelInfo, type ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './application.repo.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a uuid (anything else can never name a row, so it is a 404, not a 500). */
export const isUuid = (id: string) => UUID_RE.test(id);

/** 404 `not_found` with APPLICATION_MESSAGES.notFound. */
export const applicationNotFound = () => new AppError('not_found', APPLICATION_MESSAGES.notFound);

/** The six channels as `{id, name}` with the console label as name (ARCHITECTURE.md §5 GET /api/channel). */
export function listChannels(): ChannelListEntry[] {
  return CHANNELS.map((c) => ({ id: c.id, name: c.label }));
}

const channelOrder = (c: string) => CHANNEL_IDS.indexOf(c as ChannelId);

function toChannels(rows: repo.ChannelRow[]): ApplicationChannel[] {
  return rows
    .filter((r) => channelOrder(r.channel) >= 0)
    .sort((a, b) => channelOrder(a.channel) - channelOrder(b.channel))
    .map((r) => ({
      channel: r.channel as ChannelId,
      channel_name: channelInfo(r.channel as ChannelId).storedName,
      senderName: r.senderName,
      senderNumber: r.senderNumber,
    }));
}

function toApplication(row: repo.ApplicationRow, channels: repo.ChannelRow[]): Application {
  return {
    id: row.id,
    application_name: row.name,
    organization_id: row.organizationId,
    user_id: row.userId,
    billing_type: row.billingType,
    require_signature: row.requireSignature,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    channels: toChannels(channels.filter((c) => c.applicationId === row.id)),
  };
}

/** Channel rows to store: empty sender fields become null. */
function channelValues(channels: CreateApplicationInput['channels']): repo.ChannelValues[] {
  return channels.map((c) => ({
    channel: c.channel,
    senderName: c.senderName || null,
    senderNumber: c.senderNumber || null,
    senderImageUrl: c.senderImageUrl || null,
  }));
}

/**
 * The live application `id` of `organizationId` with its channels and its WhatsApp sender (null when none).
 * @throws AppError not_found (404) when malformed, unknown, deleted or of another organization.
 */
export async function getApplication(db: Db, organizationId: string, id: string): Promise<Application> {
  if (!isUuid(id)) throw applicationNotFound();
  const row = await repo.findApplication(db, organizationId, id);
  if (!row) throw applicationNotFound();
  const sender = await applicationSender(db, organizationId, row.id);
  return {
    ...toApplication(row, await repo.findChannels(db, organizationId, [row.id])),
    whatsapp_sender: sender
      ? { display_name: sender.displayName, phone_number_id: sender.phoneNumberId, waba_id: sender.wabaId, messages_per_second: sender.messagesPerSecond }
      : null,
  };
}

/**
 * A page of the organization's applications, newest `updated_at` first (console.md §2 My
 * Application; §9 page size 10). `search` matches the name or the id, case-insensitively;
 * `channel_id` keeps applications having any of those channels. `pages` = ceil(total / limit).
 */
export async function listApplications(db: Db, organizationId: string, q: ListApplicationsInput): Promise<Paged<Application>> {
  const { rows, total } = await repo.listApplications(db, {
    organizationId,
    channels: q.channel_id,
    search: q.search,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const channels = await repo.findChannels(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toApplication(r, channels)),
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(total / q.limit),
    total,
  };
}

/**
 * Creates an application owned by `userId` in `organizationId` (console.md §2 Create application).
 * Input is already validated by createApplicationSchema (name required, at least one channel).
 */
export async function createApplication(
  db: Db,
  caller: { organizationId: string; userId: string },
  input: CreateApplicationInput,
  now: Date,
): Promise<Application> {
  const row = await repo.insertApplication(
    db,
    { organizationId: caller.organizationId, userId: caller.userId, name: input.applicationName, requireSignature: input.requireSignature ?? false, now },
    channelValues(input.channels),
  );
  return toApplication(row, await repo.findChannels(db, caller.organizationId, [row.id]));
}

/**
 * Renames the application and, when `channels` is given, replaces its channels (tokens of removed
 * channels are revoked). Sets updated_at to `now` (console.md §2 Edit application).
 * @throws AppError not_found (404).
 */
export async function updateApplication(db: Db, organizationId: string, id: string, input: UpdateApplicationInput, now: Date): Promise<Application> {
  if (!isUuid(id)) throw applicationNotFound();
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateApplicationRow(tx, organizationId, id, { name: input.applicationName, requireSignature: input.requireSignature, now });
    if (!updated || !input.channels) return updated;
    const channels = channelValues(input.channels);
    await repo.replaceChannels(tx, organizationId, id, channels);
    // A token of a channel the application no longer has stops working (ARCHITECTURE.md §6).
    await repo.revokeTokens(
      tx,
      organizationId,
      id,
      now,
      channels.map((c) => c.channel),
    );
    return updated;
  });
  if (!row) throw applicationNotFound();
  return toApplication(row, await repo.findChannels(db, organizationId, [row.id]));
}

/**
 * Soft-deletes the application (deleted_at) and revokes all its tokens. Returns its id, name and
 * channels (for the audit log).
 * @throws AppError not_found (404).
 */
export async function deleteApplication(db: Db, organizationId: string, id: string, now: Date): Promise<{ id: string; name: string; channels: ChannelId[] }> {
  if (!isUuid(id)) throw applicationNotFound();
  const deleted = await db.transaction(async (tx) => {
    const row = await repo.softDeleteApplication(tx, organizationId, id, now);
    if (!row) return null;
    await repo.revokeTokens(tx, organizationId, id, now);
    return { ...row, channels: toChannels(await repo.findChannels(tx, organizationId, [id])).map((c) => c.channel) };
  });
  if (!deleted) throw applicationNotFound();
  return deleted;
}
