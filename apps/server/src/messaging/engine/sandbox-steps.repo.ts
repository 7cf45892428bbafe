/**
 * SQL of the sandbox carrier's due steps (ARCHITECTURE.md §6.5, table sandbox_steps): scheduling
 * steps and claiming the due ones in a batch.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { arrayParam } from '../../db/sql-array.ts';

/** A step of a message's sandbox plan, due at `dueAt`. */
export interface SandboxStepRow {
  messageId: string;
  /** Its message's created_at (the message's partition) and organization. */
  messageCreatedAt: Date;
  organizationId: string;
  step: number;
  dueAt: Date;
}

/** Schedules `rows` (a step already scheduled stays as it is). One statement. */
export async function insertSandboxSteps(db: Db, rows: SandboxStepRow[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`insert into sandbox_steps (message_id, message_created_at, organization_id, step, due_at)
    select * from unnest(${arrayParam(rows.map((r) => r.messageId), 'uuid')}, ${arrayParam(rows.map((r) => r.messageCreatedAt.toISOString()), 'timestamptz')},
      ${arrayParam(rows.map((r) => r.organizationId), 'uuid')}, ${arrayParam(rows.map((r) => r.step), 'integer')}, ${arrayParam(rows.map((r) => r.dueAt.toISOString()), 'timestamptz')})
    on conflict do nothing`);
}

/**
 * Claims up to `limit` steps due at `now` (oldest first; steps locked by another worker are
 * skipped) and deletes them, answering each with its message's channel and recipient (null when
 * the message is gone). Call it inside the transaction that records the steps: a rollback (or a
 * crash) puts them back. One round trip.
 */
export async function claimDueSandboxSteps(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ messageId: string; messageCreatedAt: Date; organizationId: string; step: number; channel: string | null; recipient: string | null }[]> {
  // The claimed rows are deleted by their physical address (ctid): a TID scan, never a join over
  // the (message_id, step) pairs that spilled to disk with large backlogs.
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with due as (
      select ctid from sandbox_steps where due_at <= ${now.toISOString()}::timestamptz order by due_at limit ${limit} for update skip locked
    ), claimed as (
      delete from sandbox_steps s using due where s.ctid = due.ctid returning s.message_id, s.message_created_at, s.organization_id, s.step
    )
    select c.message_id, c.message_created_at, c.organization_id, c.step, m.channel, m.recipient
    from claimed c left join messages m on m.id = c.message_id and m.created_at = c.message_created_at`,
  );
  return rows.map((r) => ({
    messageId: r['message_id'] as string,
    messageCreatedAt: new Date(r['message_created_at'] as string | Date),
    organizationId: r['organization_id'] as string,
    step: Number(r['step']),
    channel: (r['channel'] as string | null) ?? null,
    recipient: (r['recipient'] as string | null) ?? null,
  }));
}

/** Sandbox steps due at `now` (count; metrics). */
export async function dueSandboxStepCount(db: Db, now: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from sandbox_steps where due_at <= ${now.toISOString()}::timestamptz`);
  return Number(row?.n ?? 0);
}
