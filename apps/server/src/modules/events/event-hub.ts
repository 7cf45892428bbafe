/**
 * The live stream's hub (issue 28): ONE reader of the status outbox per process, whatever the
 * number of open streams, fanning each change out to the streams that need it.
 *
 * - It reads only while a stream is open: on the first one it starts at the outbox's highest id,
 *   then reads the rows after it, woken by this process's recorded statuses (wake()) and by a
 *   short poll (other processes' changes), at most one read in flight and one per minIntervalMs.
 * - Ids are handed out before commit, so a row may become visible after a higher one: the tail
 *   remembers the ids it saw skipped ("gaps") for GAP_TTL_MS and reads them again with the next
 *   rows, delivering a late row when it appears (a gap that never fills was a rolled-back insert).
 * - What a stream gets (contracts/events.ts): the rows of the messages it watches, after each read
 *   (found through one map, message id -> streams, so a row costs one lookup however many streams
 *   are open); and every activityMs one `activity` frame summing its applications' changes, built
 *   once per organization and application filter, not once per stream. So a busy organization
 *   costs each open console two small writes a second, not one write per change.
 * - Every sessionCheckMs it asks which of its streams' sessions are still live and of the stream's
 *   organization, in one query, and ends the others (sign-out, revoke, expiry, member removed).
 */
import { STREAM_LIMITS } from '@pesan/contracts/events';
import type { Db } from '../../db/client.ts';
import { createActivity, type Activity } from './activity.ts';
import { maxOutboxId, readOutboxTail, type OutboxEventRow } from './events.repo.ts';

/** An open stream as the hub sees it. */
export interface StreamSubscriber {
  organizationId: string;
  /** Only these applications' changes; null = all of the organization's. */
  applicationIds: ReadonlySet<string> | null;
  /** The messages whose changes it gets one by one (deliver); fixed for the stream's life. */
  messageIds: ReadonlySet<string>;
  userId: string;
  /** SHA-256 hex of the session id (sessions.id_hash). */
  sessionHash: string;
  /** Receives the new rows of its watched messages, oldest id first. Never throws. */
  deliver(rows: OutboxEventRow[]): void;
  /** Receives an `activity` frame (text, shared with the other streams of the same filter). Never throws. */
  activity(frame: string): void;
  /** Ends the stream; the hub has already forgotten it. */
  end(reason: 'session_ended' | 'stopping'): void;
}

export interface EventHub {
  /** Adds a stream; returns the function that removes it (idempotent). Starts the tail if it was idle. */
  subscribe(sub: StreamSubscriber): () => void;
  /** Open streams of user `userId` in this process. */
  streamsOf(userId: string): number;
  /** Open streams in this process. */
  size(): number;
  /** Asks for a read soon (a status was recorded in this process). Cheap; coalesced. */
  wake(): void;
  /** Runs the session check now (tests; sign-out in this process). */
  checkSessions(): Promise<void>;
  /** Ends every stream and stops reading. */
  stop(): void;
}

export interface EventHubDeps {
  db: Db;
  /** The live ones of sessions `hashes` with their user's organization (auth session.service liveSessionOrganizations). */
  liveSessions(hashes: string[]): Promise<Map<string, string | null>>;
  /** Logs a failed read or check (the hub retries on its next turn). */
  onError?(err: unknown): void;
  /** The poll when nothing wakes it, ms (default 500). */
  pollMs?: number;
  /** The shortest time between two reads, ms (default 50). */
  minIntervalMs?: number;
  sessionCheckMs?: number;
  /** Rows per read (default 1000). */
  batch?: number;
  /** The time between two `activity` frames, ms (default STREAM_LIMITS.activityMs). */
  activityMs?: number;
}

/** How long a skipped id is read again before it counts as a rolled-back insert, ms. */
export const GAP_TTL_MS = 10_000;
/** A jump of more ids than this is not tracked id by id (a sequence jump, not concurrent inserts). */
const MAX_GAP_SPAN = 1000;

/** Creates a process's hub (see the file comment). */
export function createEventHub(deps: EventHubDeps): EventHub {
  const pollMs = deps.pollMs ?? 500;
  const minIntervalMs = deps.minIntervalMs ?? 50;
  const batch = deps.batch ?? 1000;
  const activityMs = deps.activityMs ?? STREAM_LIMITS.activityMs;
  const byOrganization = new Map<string, Set<StreamSubscriber>>();
  /** Message id -> the streams watching it. */
  const watchers = new Map<string, Set<StreamSubscriber>>();
  /** Per organization with streams: its changes since the last `activity` frames. */
  const pendingActivity = new Map<string, Activity>();
  let activityTimer: ReturnType<typeof setInterval> | null = null;
  const perUser = new Map<string, number>();
  let count = 0;
  let cursor: number | null = null;
  const gaps = new Map<number, number>();
  let running = false;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let sessionTimer: ReturnType<typeof setInterval> | null = null;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  function fanOut(rows: OutboxEventRow[]) {
    const batches = new Map<StreamSubscriber, OutboxEventRow[]>();
    for (const r of rows) {
      if (!byOrganization.has(r.organizationId)) continue;
      let activity = pendingActivity.get(r.organizationId);
      if (!activity) pendingActivity.set(r.organizationId, (activity = createActivity()));
      activity.add(r);
      const watching = watchers.get(r.messageId);
      if (!watching) continue;
      for (const sub of watching) {
        // A message id is no key to another organization's changes.
        if (sub.organizationId !== r.organizationId || (sub.applicationIds && !sub.applicationIds.has(r.applicationId))) continue;
        const batch = batches.get(sub);
        if (batch) batch.push(r);
        else batches.set(sub, [r]);
      }
    }
    for (const [sub, mine] of batches) sub.deliver(mine);
  }

  /** Sends each organization's pending activity to its streams: one frame text per application filter. */
  function flushActivity() {
    if (!pendingActivity.size) return;
    const pending = [...pendingActivity];
    pendingActivity.clear();
    for (const [organizationId, activity] of pending) {
      const frames = new Map<string, string | null>();
      for (const sub of byOrganization.get(organizationId) ?? []) {
        const key = sub.applicationIds ? [...sub.applicationIds].sort().join(',') : '*';
        let frame = frames.get(key);
        if (frame === undefined) frames.set(key, (frame = activity.frame(sub.applicationIds)));
        if (frame !== null) sub.activity(frame);
      }
    }
  }

  /** One read of the tail: new rows and late rows of known gaps, delivered in id order. */
  async function read(): Promise<number> {
    if (cursor === null) cursor = await maxOutboxId(deps.db);
    const now = Date.now();
    for (const [id, since] of gaps) if (now - since > GAP_TTL_MS) gaps.delete(id);
    const rows = await readOutboxTail(deps.db, cursor, [...gaps.keys()], batch);
    const fresh: OutboxEventRow[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      if (id <= cursor) {
        if (gaps.delete(id)) fresh.push(r);
        continue;
      }
      if (id > cursor + 1 && id - cursor - 1 <= MAX_GAP_SPAN) for (let g = cursor + 1; g < id; g++) gaps.set(g, now);
      cursor = id;
      fresh.push(r);
    }
    if (fresh.length) fanOut(fresh);
    return rows.length;
  }

  async function loop() {
    running = true;
    try {
      while (!stopped && count > 0) {
        woken = false;
        let n = 0;
        try {
          n = await read();
        } catch (err) {
          deps.onError?.(err);
        }
        if (n >= batch) continue;
        await new Promise<void>((resolve) => setTimeout(resolve, minIntervalMs));
        if (woken || stopped || count === 0) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            clearTimeout(timer);
            wakeUp = null;
            resolve();
          }
          wakeUp = done;
        });
      }
    } finally {
      running = false;
      // Idle: the next first stream starts from the outbox's end again (a resumed stream reads what
      // it missed itself).
      if (count === 0) {
        cursor = null;
        gaps.clear();
      }
    }
  }

  async function checkSessions() {
    const hashes = new Set<string>();
    for (const subs of byOrganization.values()) for (const s of subs) hashes.add(s.sessionHash);
    if (!hashes.size) return;
    let live: Map<string, string | null>;
    try {
      live = await deps.liveSessions([...hashes]);
    } catch (err) {
      deps.onError?.(err);
      return;
    }
    for (const subs of byOrganization.values()) {
      for (const s of subs) {
        // Signed out, revoked, expired, or the user left the organization.
        if (live.get(s.sessionHash) !== s.organizationId) {
          remove(s);
          s.end('session_ended');
        }
      }
    }
  }

  function remove(sub: StreamSubscriber): boolean {
    const subs = byOrganization.get(sub.organizationId);
    if (!subs?.delete(sub)) return false;
    if (!subs.size) {
      byOrganization.delete(sub.organizationId);
      pendingActivity.delete(sub.organizationId);
    }
    for (const id of sub.messageIds) {
      const w = watchers.get(id);
      if (w?.delete(sub) && !w.size) watchers.delete(id);
    }
    const n = (perUser.get(sub.userId) ?? 1) - 1;
    if (n > 0) perUser.set(sub.userId, n);
    else perUser.delete(sub.userId);
    count--;
    if (count === 0) {
      if (sessionTimer) clearInterval(sessionTimer);
      if (activityTimer) clearInterval(activityTimer);
      sessionTimer = activityTimer = null;
      pendingActivity.clear();
      wake();
    }
    return true;
  }

  return {
    subscribe(sub) {
      if (stopped) {
        sub.end('stopping');
        return () => {};
      }
      let subs = byOrganization.get(sub.organizationId);
      if (!subs) byOrganization.set(sub.organizationId, (subs = new Set()));
      subs.add(sub);
      for (const id of sub.messageIds) {
        let w = watchers.get(id);
        if (!w) watchers.set(id, (w = new Set()));
        w.add(sub);
      }
      perUser.set(sub.userId, (perUser.get(sub.userId) ?? 0) + 1);
      count++;
      if (!sessionTimer) {
        sessionTimer = setInterval(() => void checkSessions(), deps.sessionCheckMs ?? 5000);
        sessionTimer.unref();
      }
      if (!activityTimer) {
        activityTimer = setInterval(flushActivity, activityMs);
        activityTimer.unref();
      }
      if (!running) void loop();
      return () => {
        remove(sub);
      };
    },
    streamsOf: (userId) => perUser.get(userId) ?? 0,
    size: () => count,
    wake,
    checkSessions,
    stop() {
      stopped = true;
      for (const subs of byOrganization.values()) {
        for (const s of subs) {
          remove(s);
          s.end('stopping');
        }
      }
      wake();
    },
  };
}
