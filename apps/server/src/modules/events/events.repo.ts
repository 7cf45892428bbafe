/**
 * SQL of the live stream (issue 28): reads of the status outbox (migration 0018: monthly
 * partitions, primary key (id, created_at)). SQL only: the rules live in event-hub.ts and
 * events.service.ts.
 */
import { and, asc, eq, gt, inArray, max, or, type SQL } from 'drizzle-orm';
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

/**
 * Organization `organizationId`'s outbox rows after `afterId` (of `applicationIds` only, when
 * given), oldest id first, at most `limit`: what a resumed stream missed.
 */
export function readOrganizationOutbox(db: Db, organizationId: string, applicationIds: readonly string[] | null, afterId: number, limit: number): Promise<OutboxEventRow[]> {
  return db
    .select(columns)
    .from(statusOutbox)
    .where(and(eq(statusOutbox.organizationId, organizationId), gt(statusOutbox.id, afterId), ...(applicationIds ? [inArray(statusOutbox.applicationId, [...applicationIds])] : [])))
    .orderBy(asc(statusOutbox.id))
    .limit(limit);
}

/** The highest outbox id (0 when empty): where a new tail starts. */
export async function maxOutboxId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(statusOutbox.id) }).from(statusOutbox);
  return Number(row?.id ?? 0);
}
