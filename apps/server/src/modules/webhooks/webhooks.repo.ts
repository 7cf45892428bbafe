/**
 * SQL of customer status webhooks (ARCHITECTURE.md §6.2): endpoints, events, delivery attempts,
 * and the fan-out from status_outbox. Every console read is scoped by organization and application.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { statusOutbox } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;

/** The endpoint of application `applicationId` in `organizationId`, or null. */
export async function findEndpoint(db: Db, organizationId: string, applicationId: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.applicationId, applicationId)))
    .limit(1);
  return row ?? null;
}

/** Inserts or updates the endpoint row (all given columns). Returns the stored row. */
export async function upsertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const { applicationId: _a, organizationId: _o, createdAt: _c, ...set } = values;
  const [row] = await db.insert(webhookEndpoints).values(values).onConflictDoUpdate({ target: webhookEndpoints.applicationId, set }).returning();
  return row!;
}

/** Disables the endpoint of `applicationId` with `reason` (a 410, or 3 days of failures). */
export async function disableEndpoint(db: Db, applicationId: string, reason: string, at: Date): Promise<void> {
  await db.update(webhookEndpoints).set({ enabled: false, disabledReason: reason, disabledAt: at, updatedAt: at }).where(eq(webhookEndpoints.applicationId, applicationId));
}

/**
 * Records an attempt's outcome on its endpoint: a success clears `failing_since`; a failure sets it
 * when unset. Returns `failing_since` after the update (null after a success).
 */
export async function noteAttemptOutcome(db: Db, applicationId: string, succeeded: boolean, at: Date): Promise<Date | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: succeeded ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.applicationId, applicationId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}

/** An outbox row the fan-out takes, with its application's endpoint state. */
export interface OutboxRow {
  id: number;
  messageId: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  status: string;
  previousStatus: string | null;
  reason: string | null;
  providerCode: string | null;
  at: Date;
  /** Whether the application has an enabled endpoint with a URL. */
  deliver: boolean;
}

/**
 * Takes up to `limit` outbox rows not yet taken (oldest first; rows locked by another fan-out are
 * skipped) by stamping `webhooked_at = at`, in one statement joined by the rows' whole key (id,
 * created_at: one pruned primary-key probe per row in its month's partition), and reports whether
 * each application has an enabled endpoint. Call inside the transaction that writes their events:
 * a rollback gives them back. Rows come back in id order.
 */
export async function takePendingOutbox(tx: Db, limit: number, at: Date): Promise<OutboxRow[]> {
  const raw = await rowsOf<Record<string, unknown>>(
    tx,
    sql`update status_outbox s set webhooked_at = ${at.toISOString()}::timestamptz
      from (select id, created_at from status_outbox where webhooked_at is null order by id limit ${limit} for update skip locked) c
      where s.id = c.id and s.created_at = c.created_at
      returning s.id, s.message_id, s.organization_id, s.application_id, s.channel, s.status, s.previous_status, s.reason, s.provider_code, s.at`,
  );
  if (!raw.length) return [];
  const rows = raw
    .map((r) => ({
      id: Number(r['id']),
      messageId: r['message_id'] as string,
      organizationId: r['organization_id'] as string,
      applicationId: r['application_id'] as string,
      channel: r['channel'] as string,
      status: r['status'] as string,
      previousStatus: (r['previous_status'] as string | null) ?? null,
      reason: (r['reason'] as string | null) ?? null,
      providerCode: (r['provider_code'] as string | null) ?? null,
      at: new Date(r['at'] as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
  const apps = [...new Set(rows.map((r) => r.applicationId))];
  const enabled = await tx
    .select({ applicationId: webhookEndpoints.applicationId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.applicationId, apps), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.url} is not null`));
  const deliver = new Set(enabled.map((e) => e.applicationId));
  return rows.map((r) => ({ ...r, deliver: deliver.has(r.applicationId) }));
}

/** Inserts events (ignoring an id already there) and their first attempts; returns the attempts' ids and due times. */
export async function insertEventsWithFirstAttempts(
  tx: Db,
  events: (typeof webhookEvents.$inferInsert)[],
  dueAt: Date,
): Promise<{ id: string; dueAt: Date }[]> {
  if (!events.length) return [];
  const inserted = await tx
    .insert(webhookEvents)
    .values(events)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id, organizationId: webhookEvents.organizationId, applicationId: webhookEvents.applicationId });
  if (!inserted.length) return [];
  return tx
    .insert(webhookDeliveries)
    .values(inserted.map((e) => ({ eventId: e.id, organizationId: e.organizationId, applicationId: e.applicationId, attempt: 1, dueAt, createdAt: dueAt })))
    .returning({ id: webhookDeliveries.id, dueAt: webhookDeliveries.dueAt });
}

/** Inserts attempt `attempt` of event `eventId` (of application `applicationId` in `organizationId`), due at `dueAt`; returns its id. */
export async function insertAttempt(db: Db, v: { eventId: string; organizationId: string; applicationId: string; attempt: number; dueAt: Date; createdAt: Date }): Promise<string> {
  const [row] = await db.insert(webhookDeliveries).values(v).returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** The highest attempt number of event `eventId` (0 when none). */
export async function lastAttemptNumber(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${webhookDeliveries.attempt}), 0)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
  return Number(row?.n ?? 0);
}

/** A claimed attempt with its event and endpoint. */
export interface ClaimedAttempt {
  delivery: DeliveryRow;
  event: EventRow;
  endpoint: EndpointRow | null;
}

/**
 * Claims pending attempt `id` for sending at `now`: only if nobody claimed it since `leaseBefore`
 * (a sender that crashed gives it up after the lease). Returns it with its event and endpoint, or null.
 */
export async function claimAttempt(db: Db, id: string, now: Date, leaseBefore: Date): Promise<ClaimedAttempt | null> {
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ startedAt: now })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), or(isNull(webhookDeliveries.startedAt), lt(webhookDeliveries.startedAt, leaseBefore))))
    .returning();
  if (!delivery) return null;
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, delivery.eventId)).limit(1);
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.applicationId, delivery.applicationId)).limit(1);
  return { delivery, event: event!, endpoint: endpoint ?? null };
}

/** The application (endpoint) of attempt `id` while it is pending, else null. A read: claims nothing. */
export async function pendingAttemptApplication(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ applicationId: webhookDeliveries.applicationId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .limit(1);
  return row?.applicationId ?? null;
}

/** Gives up the claim on attempt `id` (sent again later). */
export async function releaseAttempt(db: Db, id: string): Promise<void> {
  await db.update(webhookDeliveries).set({ startedAt: null }).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/**
 * Ends pending attempt `id` as succeeded or failed with what the endpoint answered. Only a pending
 * attempt ends, once: returns false when it had already ended.
 */
export async function finishAttempt(
  db: Db,
  id: string,
  v: { status: 'succeeded' | 'failed'; statusCode: number | null; durationMs: number; response: string | null; finishedAt: Date; nextRetryAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set(v)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return rows.length === 1;
}

/**
 * Pending attempts due before `before` and not claimed since `leaseBefore` (lost jobs), oldest
 * first, at most `perApplication` of one application (an endpoint with a long backlog never fills
 * the whole `limit`: every endpoint's lost attempts get their share).
 */
export async function findStrandedAttempts(db: Db, before: Date, leaseBefore: Date, limit: number, perApplication = 50): Promise<{ id: string; dueAt: Date }[]> {
  const ranked = db
    .select({
      id: webhookDeliveries.id,
      dueAt: webhookDeliveries.dueAt,
      rank: sql<number>`row_number() over (partition by ${webhookDeliveries.applicationId} order by ${webhookDeliveries.dueAt})`.as('rank'),
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.dueAt, before),
        or(isNull(webhookDeliveries.startedAt), lt(webhookDeliveries.startedAt, leaseBefore)),
      ),
    )
    .as('ranked');
  return db
    .select({ id: ranked.id, dueAt: ranked.dueAt })
    .from(ranked)
    .where(lte(ranked.rank, perApplication))
    .orderBy(asc(ranked.dueAt))
    .limit(limit);
}

/** A delivery row as the console lists it, with its event. */
export interface DeliveryListRow extends DeliveryRow {
  eventType: string;
  messageId: string | null;
  payload: unknown;
}

const listColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  applicationId: webhookDeliveries.applicationId,
  organizationId: webhookDeliveries.organizationId,
  attempt: webhookDeliveries.attempt,
  status: webhookDeliveries.status,
  statusCode: webhookDeliveries.statusCode,
  durationMs: webhookDeliveries.durationMs,
  response: webhookDeliveries.response,
  dueAt: webhookDeliveries.dueAt,
  startedAt: webhookDeliveries.startedAt,
  finishedAt: webhookDeliveries.finishedAt,
  nextRetryAt: webhookDeliveries.nextRetryAt,
  createdAt: webhookDeliveries.createdAt,
  eventType: webhookEvents.type,
  messageId: webhookEvents.messageId,
  payload: webhookEvents.payload,
};

/**
 * A page of the attempts of application `applicationId` (organization-scoped through its events),
 * newest first, optionally of one message; with the total.
 */
export async function listAttempts(
  db: Db,
  q: { organizationId: string; applicationId: string; messageId?: string; offset: number; limit: number },
): Promise<{ rows: DeliveryListRow[]; total: number }> {
  const where = and(
    eq(webhookEvents.organizationId, q.organizationId),
    eq(webhookDeliveries.applicationId, q.applicationId),
    q.messageId ? eq(webhookEvents.messageId, q.messageId) : undefined,
  );
  const rows = await db
    .select(listColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .offset(q.offset)
    .limit(q.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Attempt `id` of application `applicationId` in `organizationId` with its event, or null. */
export async function findAttempt(db: Db, organizationId: string, applicationId: string, id: string): Promise<DeliveryListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.applicationId, applicationId), eq(webhookEvents.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/** Inserts one event (a test event, a template decision) and its first attempt; returns the attempt id. */
export async function insertEventWithAttempt(db: Db, event: typeof webhookEvents.$inferInsert, dueAt: Date): Promise<string> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [first] = await insertEventsWithFirstAttempts(tx, [event], dueAt);
    return first!.id;
  });
}

/** E-mail address and saved interface language (users.language: 'en', 'id' or null) of each user of organization `organizationId`. */
export async function organizationRecipients(db: Db, organizationId: string): Promise<{ email: string; language: string | null }[]> {
  return db.select({ email: users.email, language: users.language }).from(users).where(eq(users.organizationId, organizationId));
}

/** Deletes outbox rows the fan-out took before `before`; returns how many. */
export async function pruneTakenOutbox(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(statusOutbox).where(lt(statusOutbox.webhookedAt, before)).returning({ id: statusOutbox.id });
  return rows.length;
}

/** Whether application `applicationId` has an enabled endpoint with a URL. */
export async function hasEnabledEndpoint(db: Db, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.applicationId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.applicationId, applicationId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.url} is not null`))
    .limit(1);
  return row !== undefined;
}
