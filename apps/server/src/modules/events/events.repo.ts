/**
 * SQL of the live stream (issue 28): reads of the status outbox (migration 0018: monthly
 * partitions, primary key (id, created_at)). SQL only: the rules live in event-hub.ts and
 * events.service.ts.
 */
import { and, asc, count, eq, gt, inArray, lte, max, min, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statusOutbox } from '../../db/schema/messages.ts';

/** One status change as the stream carries it. */
export interface OutboxEventRow {
  id: number;
  messageId: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  status: string;
  previousStatus: string | null;
  reason: string | null;
  at: Date;
}

const columns = {
  id: statusOutbox.id,
  messageId: statusOutbox.messageId,
  organizationId: statusOutbox.organizationId,
  applicationId: statusOutbox.applicationId,
  channel: statusOutbox.channel,
  status: statusOutbox.status,
  previousStatus: statusOutbox.previousStatus,
  reason: statusOutbox.reason,
  at: statusOutbox.at,
};

/**
 * Every organization's outbox rows with id above `afterId` or among `gapIds` (ids the tail saw
 * skipped, whose transactions may commit late), oldest id first, at most `limit`.
 */
export function readOutboxTail(db: Db, afterId: number, gapIds: readonly number[], limit: number): Promise<OutboxEventRow[]> {
  const where: SQL | undefined = gapIds.length ? or(gt(statusOutbox.id, afterId), inArray(statusOutbox.id, [...gapIds])) : gt(statusOutbox.id, afterId);
  return db.select(columns).from(statusOutbox).where(where).orderBy(asc(statusOutbox.id)).limit(limit);
}

/** Rows of organization `organizationId` with ids in (afterId, upToId], of `applicationIds` only when given. */
const organizationRange = (organizationId: string, applicationIds: readonly string[] | null, afterId: number, upToId: number) =>
  and(
    eq(statusOutbox.organizationId, organizationId),
    gt(statusOutbox.id, afterId),
    lte(statusOutbox.id, upToId),
    ...(applicationIds ? [inArray(statusOutbox.applicationId, [...applicationIds])] : []),
  );

/**
 * What a resumed stream missed of its watched messages: organization `organizationId`'s rows of
 * messages `messageIds` with ids in (afterId, upToId] (of `applicationIds` only, when given),
 * oldest id first, at most `limit`.
 */
export function readWatchedOutbox(db: Db, organizationId: string, applicationIds: readonly string[] | null, messageIds: readonly string[], afterId: number, upToId: number, limit: number): Promise<OutboxEventRow[]> {
  return db
    .select(columns)
    .from(statusOutbox)
    .where(and(organizationRange(organizationId, applicationIds, afterId, upToId), inArray(statusOutbox.messageId, [...messageIds])))
    .orderBy(asc(statusOutbox.id))
    .limit(limit);
}

/** A group of missed changes: one application, channel and step, how many, the newest id and the time range. */
export interface OutboxSummaryRow {
  applicationId: string;
  channel: string;
  status: string;
  previousStatus: string | null;
  count: number;
  maxId: number;
  from: Date;
  to: Date;
}

/**
 * What a resumed stream's applications did meanwhile: organization `organizationId`'s rows with ids
 * in (afterId, upToId] (of `applicationIds` only, when given), grouped by application, channel and
 * step (the caller bounds upToId - afterId).
 */
export async function summarizeOutbox(db: Db, organizationId: string, applicationIds: readonly string[] | null, afterId: number, upToId: number): Promise<OutboxSummaryRow[]> {
  const rows = await db
    .select({
      applicationId: statusOutbox.applicationId,
      channel: statusOutbox.channel,
      status: statusOutbox.status,
      previousStatus: statusOutbox.previousStatus,
      count: count(),
      maxId: max(statusOutbox.id),
      from: min(statusOutbox.at),
      to: max(statusOutbox.at),
    })
    .from(statusOutbox)
    .where(organizationRange(organizationId, applicationIds, afterId, upToId))
    .groupBy(statusOutbox.applicationId, statusOutbox.channel, statusOutbox.status, statusOutbox.previousStatus);
  return rows.map((r) => ({ ...r, count: Number(r.count), maxId: Number(r.maxId), from: new Date(r.from!), to: new Date(r.to!) }));
}

/** The highest outbox id (0 when empty): where a new tail starts. */
export async function maxOutboxId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(statusOutbox.id) }).from(statusOutbox);
  return Number(row?.id ?? 0);
}
