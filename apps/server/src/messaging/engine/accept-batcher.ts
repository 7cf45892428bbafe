/**
 * Group-commit accept (ARCHITECTURE.md §6.5): the sends of a process that arrive together are
 * written in one transaction with multi-row statements, instead of a transaction of their own each.
 *
 * A submission is one request: a single send (one item) or a batch send (its items, never split
 * over groups). While fewer than `maxInFlight` groups are committing, what is waiting is committed
 * at the next turn of the event loop (so a lone request waits for nothing); otherwise it waits for
 * a group to finish and goes with everything else that arrived meanwhile, up to `maxItems` items.
 *
 * In the group's transaction, in this order: keys whose 24-hour window is over are freed; batch
 * Idempotency-Keys are claimed; the messages' Idempotency-Keys are claimed in idempotency_keys with
 * `ON CONFLICT DO NOTHING` (keyed rows sorted, so concurrent groups never wait on each other in a
 * circle) and the messages whose key was claimed, or that have none, are inserted; prepaid quota
 * rows are locked (fixed order), and each new message takes its cost in arrival and item order or
 * is refused (its row and key claim are deleted again); first events, quota and ledger rows, hourly
 * counters (one upsert per group) and batch answers are written. Every submission is answered only
 * after the commit. A failing transaction rejects that group's submissions only (after one retry
 * on a deadlock or serialisation failure); nothing of it is stored, so a retry is safe.
 *
 * After the commit, an item whose key another message holds (or that shared a key with an earlier
 * item of the group) is answered with that message (`existing`): the caller replays it or answers 409.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  addHourlyCounts,
  claimBatches,
  deleteMessages,
  findBatchByKey,
  findMessagesByKeys,
  insertFirstEvents,
  insertMessages,
  lockQuotas,
  releaseExpiredKeys,
  storeBatchAnswer,
  takeQuotas,
  type AcceptRow,
  type KeyRef,
} from './accept.repo.ts';
import type { messages } from '../../db/schema/messages.ts';

/** A stored message as the database answers it. */
export type StoredMessage = typeof messages.$inferSelect;

/** One message to accept: its row (initial status) and its prepaid cost (null: post-paid). */
export interface AcceptItem {
  row: AcceptRow;
  quota: { type: string; cost: number } | null;
}

/** What became of one item. */
export type AcceptOutcome =
  | { kind: 'accepted' }
  | { kind: 'quota_exceeded' }
  /** Its Idempotency-Key names `message` (stored earlier, or by an item ahead of it in the group). */
  | { kind: 'existing'; message: StoredMessage };

/** A batch send's envelope: its Idempotency-Key (optional), body hash and how to build its answer. */
export interface BatchEnvelope {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** The batch's answer from its items' outcomes (`null` for items refused before the group). */
  answer: (outcomes: AcceptOutcome[]) => unknown;
}

/** What a batch submission became. */
export type BatchResult =
  | { kind: 'done'; outcomes: AcceptOutcome[] }
  /** The batch's key was taken: the stored batch (its answer, hash and time). */
  | { kind: 'existing'; batch: { id: string; requestHash: string; answer: unknown; createdAt: Date } | null };

interface Submission {
  items: AcceptItem[];
  batch: BatchEnvelope | null;
  resolve: (r: BatchResult) => void;
  reject: (err: unknown) => void;
}

/** Tuning of a batcher; see the file comment. */
export interface AcceptBatcherOptions {
  /** A group takes submissions until it holds this many items (a bigger batch still goes whole). */
  maxItems: number;
  /** Groups committing at once (1 on PGlite: one connection). */
  maxInFlight: number;
  /** The 24-hour window: keys older than this (ms) are freed for reuse. */
  keyWindowMs: number;
  now: () => Date;
}

/** One committed group, as told to listeners (metrics). */
export interface AcceptGroupStats {
  /** Items in the group. */
  size: number;
  /** Seconds from the transaction's start to its commit. */
  commitSeconds: number;
}

const listeners = new Set<(s: AcceptGroupStats) => void>();
/** Subscribes to committed accept groups (metrics); returns the unsubscribe function. */
export function onAcceptGroup(listener: (s: AcceptGroupStats) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
const refOf = (r: { applicationId: string; channel: string; idempotencyKey?: string | null }): string => `${r.applicationId}|${r.channel}|${r.idempotencyKey}`;
const RETRYABLE = new Set(['40P01', '40001']);

function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The per-process group-commit accept on `db`. */
export class AcceptBatcher {
  private readonly waiting: Submission[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly opts: AcceptBatcherOptions,
  ) {}

  /**
   * Accepts `items` (one request's messages) in the next group. Resolves after the group
   * committed, with one outcome per item in order; rejects with the database error when the group
   * failed (nothing of it stored).
   */
  async accept(items: AcceptItem[]): Promise<AcceptOutcome[]> {
    const r = await this.submit(items, null);
    if (r.kind !== 'done') throw new Error('unreachable: a single send has no batch key');
    return r.outcomes;
  }

  /**
   * Accepts a batch send's `items` as one submission. With an Idempotency-Key already taken
   * within its window, stores nothing and answers the stored batch (`existing`).
   */
  acceptBatch(items: AcceptItem[], batch: BatchEnvelope): Promise<BatchResult> {
    return this.submit(items, batch);
  }

  private submit(items: AcceptItem[], batch: BatchEnvelope | null): Promise<BatchResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, batch, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.opts.maxInFlight && this.waiting.length) {
      const group: Submission[] = [];
      let size = 0;
      while (this.waiting.length && (group.length === 0 || size + this.waiting[0]!.items.length <= this.opts.maxItems)) {
        const s = this.waiting.shift()!;
        group.push(s);
        size += s.items.length;
      }
      this.inFlight++;
      void this.run(group, size).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(group: Submission[], size: number): Promise<void> {
    const started = performance.now();
    let results: BatchResult[];
    try {
      try {
        results = await this.commit(group);
      } catch (err) {
        if (!RETRYABLE.has(sqlState(err) ?? '')) throw err;
        results = await this.commit(group);
      }
    } catch (err) {
      for (const s of group) s.reject(err);
      return;
    }
    const stats = { size, commitSeconds: (performance.now() - started) / 1000 };
    for (const l of listeners) {
      try {
        l(stats);
      } catch {
        // Metrics never fail an accept.
      }
    }
    // Items whose key another message holds: read those messages once, after the commit.
    const pending: { s: number; i: number; ref: KeyRef }[] = [];
    results.forEach((r, s) => {
      if (r.kind !== 'done') return;
      r.outcomes.forEach((o, i) => {
        if (o === EXISTING) {
          const row = group[s]!.items[i]!.row;
          pending.push({ s, i, ref: { applicationId: row.applicationId, channel: row.channel, key: row.idempotencyKey! } });
        }
      });
    });
    const failed = new Map<number, unknown>();
    let found: StoredMessage[] = [];
    try {
      found = await findMessagesByKeys(this.db, pending.map((p) => p.ref));
    } catch (err) {
      for (const p of pending) failed.set(p.s, err);
    }
    const byRef = new Map(found.map((m) => [refOf(m), m]));
    for (const p of pending) {
      if (failed.has(p.s)) continue;
      const message = byRef.get(refOf({ ...p.ref, idempotencyKey: p.ref.key }));
      const r = results[p.s] as Extract<BatchResult, { kind: 'done' }>;
      // The holder vanished (its window ended and the key was freed meanwhile): a retry is safe.
      if (!message) failed.set(p.s, new Error('The message holding this Idempotency-Key changed meanwhile; retry.'));
      else r.outcomes[p.i] = { kind: 'existing', message };
    }
    for (const [s, sub] of group.entries()) {
      if (failed.has(s)) sub.reject(failed.get(s));
      else {
        const r = results[s]!;
        if (r.kind === 'existing') {
          const b = sub.batch!;
          try {
            r.batch = await findBatchByKey(this.db, { applicationId: b.applicationId, channel: b.channel, key: b.idempotencyKey! });
          } catch (err) {
            sub.reject(err);
            continue;
          }
        }
        sub.resolve(r);
      }
    }
  }

  /** Writes one group in one transaction (see the file comment); answers each submission's result. */
  private commit(group: Submission[]): Promise<BatchResult[]> {
    const now = this.opts.now();
    return this.db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      const results: BatchResult[] = group.map((s) => ({ kind: 'done', outcomes: s.items.map(() => PENDING) }));

      // Keys: an item (or batch) sharing a key with one ahead of it in the group waits for that one's answer.
      const messageKeys = new Map<string, KeyRef>();
      const batchKeys = new Map<string, KeyRef>();
      const live: boolean[] = group.map(() => true);
      group.forEach((s, si) => {
        const b = s.batch;
        if (b?.idempotencyKey) {
          const k = refOf(b);
          if (batchKeys.has(k)) {
            live[si] = false;
            results[si] = { kind: 'existing', batch: null };
          } else batchKeys.set(k, { applicationId: b.applicationId, channel: b.channel, key: b.idempotencyKey });
        }
      });
      if (messageKeysOf(group, live, messageKeys) || batchKeys.size) {
        await releaseExpiredKeys(tx, { messages: [...messageKeys.values()], batches: [...batchKeys.values()] }, new Date(now.getTime() - this.opts.keyWindowMs));
      }
      const keyedBatches = group.flatMap((s, si) => (live[si] && s.batch?.idempotencyKey ? [{ si, b: s.batch }] : []));
      if (keyedBatches.length) {
        const claimed = await claimBatches(
          tx,
          keyedBatches.map(({ b }) => ({ id: b.id, organizationId: b.organizationId, applicationId: b.applicationId, channel: b.channel, idempotencyKey: b.idempotencyKey!, requestHash: b.requestHash, createdAt: now })),
        );
        for (const { si, b } of keyedBatches) {
          if (!claimed.has(b.id)) {
            live[si] = false;
            results[si] = { kind: 'existing', batch: null };
          }
        }
      }

      // Messages: first holder of a key in the group inserts, the others wait for its answer.
      const toInsert: { si: number; ii: number; item: AcceptItem }[] = [];
      const seen = new Set<string>();
      group.forEach((s, si) => {
        if (!live[si]) return;
        const outcomes = (results[si] as Extract<BatchResult, { kind: 'done' }>).outcomes;
        s.items.forEach((item, ii) => {
          const key = item.row.idempotencyKey;
          if (key) {
            const k = refOf(item.row);
            if (seen.has(k)) {
              outcomes[ii] = EXISTING;
              return;
            }
            seen.add(k);
          }
          toInsert.push({ si, ii, item });
        });
      });
      const rows = toInsert.map((t) => t.item.row);
      // Keyed rows first, sorted: two groups claiming the same keys take them in one order.
      rows.sort((a, b) => (a.idempotencyKey ? (b.idempotencyKey ? (refOf(a) < refOf(b) ? -1 : 1) : -1) : b.idempotencyKey ? 1 : 0));
      const inserted = await insertMessages(tx, rows);

      // Prepaid quota in arrival and item order.
      const pairs = new Map<string, { applicationId: string; type: string }>();
      for (const t of toInsert) {
        if (inserted.has(t.item.row.id) && t.item.quota) pairs.set(`${t.item.row.applicationId}|${t.item.quota.type}`, { applicationId: t.item.row.applicationId, type: t.item.quota.type });
      }
      const left = await lockQuotas(tx, [...pairs.values()].sort((a, b) => (`${a.applicationId}|${a.type}` < `${b.applicationId}|${b.type}` ? -1 : 1)));
      const taken = new Map<string, { applicationId: string; type: string; cost: number }>();
      const ledger: { applicationId: string; organizationId: string; type: string; cost: number; messageId: string }[] = [];
      const refused: AcceptRow[] = [];
      const accepted: AcceptRow[] = [];
      for (const t of toInsert) {
        const outcomes = (results[t.si] as Extract<BatchResult, { kind: 'done' }>).outcomes;
        const row = t.item.row;
        if (!inserted.has(row.id)) {
          outcomes[t.ii] = EXISTING;
          continue;
        }
        const q = t.item.quota;
        if (q) {
          const k = `${row.applicationId}|${q.type}`;
          const rest = left.get(k);
          if (rest === undefined || rest < q.cost) {
            outcomes[t.ii] = { kind: 'quota_exceeded' };
            refused.push(row);
            continue;
          }
          left.set(k, rest - q.cost);
          const sum = taken.get(k) ?? taken.set(k, { applicationId: row.applicationId, type: q.type, cost: 0 }).get(k)!;
          sum.cost += q.cost;
          ledger.push({ applicationId: row.applicationId, organizationId: row.organizationId, type: q.type, cost: q.cost, messageId: row.id });
        }
        outcomes[t.ii] = { kind: 'accepted' };
        accepted.push(row);
      }
      await deleteMessages(tx, refused);
      await insertFirstEvents(tx, accepted);
      await takeQuotas(tx, [...taken.values()], ledger, now);
      const counts = new Map<string, { organizationId: string; applicationId: string; channel: string; hour: Date; status: string; count: number }>();
      for (const row of accepted) {
        const hour = hourOf(row.createdAt);
        const k = `${row.applicationId}|${row.channel}|${hour.getTime()}|${row.status}`;
        const c = counts.get(k) ?? counts.set(k, { organizationId: row.organizationId, applicationId: row.applicationId, channel: row.channel, hour, status: row.status, count: 0 }).get(k)!;
        c.count++;
      }
      await addHourlyCounts(tx, [...counts.values()]);
      for (const { si, b } of keyedBatches) {
        const r = results[si]!;
        if (r.kind === 'done') await storeBatchAnswer(tx, b.id, b.answer(r.outcomes));
      }
      return results;
    });
  }
}

/** Placeholder outcomes while a group is being written. */
const PENDING: AcceptOutcome = { kind: 'accepted' };
const EXISTING = { kind: 'existing', message: null } as unknown as AcceptOutcome;

/** Collects the message Idempotency-Keys of the live submissions into `into`; whether there is any. */
function messageKeysOf(group: Submission[], live: boolean[], into: Map<string, KeyRef>): boolean {
  group.forEach((s, si) => {
    if (!live[si]) return;
    for (const item of s.items) {
      const key = item.row.idempotencyKey;
      if (key) into.set(refOf(item.row), { applicationId: item.row.applicationId, channel: item.row.channel, key });
    }
  });
  return into.size > 0;
}

/** A new id for a batch. */
export const newBatchId = (): string => randomUUID();
