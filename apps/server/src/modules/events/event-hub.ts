/**
 * The live stream's hub (issue 28): ONE reader of the status outbox per process, whatever the
 * number of open streams, fanning each change out to the streams of its organization.
 *
 * - It reads only while a stream is open: on the first one it starts at the outbox's highest id,
 *   then reads the rows after it, woken by this process's recorded statuses (wake()) and by a
 *   short poll (other processes' changes), at most one read in flight and one per minIntervalMs.
 * - Ids are handed out before commit, so a row may become visible after a higher one: the tail
 *   remembers the ids it saw skipped ("gaps") for GAP_TTL_MS and reads them again with the next
 *   rows, delivering a late row when it appears (a gap that never fills was a rolled-back insert).
 * - Every sessionCheckMs it asks which of its streams' sessions are still live and of the stream's
 *   organization, in one query, and ends the others (sign-out, revoke, expiry, member removed).
 */
import type { Db } from '../../db/client.ts';
import { maxOutboxId, readOutboxTail, type OutboxEventRow } from './events.repo.ts';

/** An open stream as the hub sees it. */
export interface StreamSubscriber {
  organizationId: string;
  /** Only these applications' changes; null = all of the organization's. */
  applicationIds: ReadonlySet<string> | null;
  userId: string;
  /** SHA-256 hex of the session id (sessions.id_hash). */
  sessionHash: string;
  /** Receives this organization's (and applications') new rows, oldest id first. Never throws. */
  deliver(rows: OutboxEventRow[]): void;
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
  const byOrganization = new Map<string, Set<StreamSubscriber>>();
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
    const groups = new Map<string, OutboxEventRow[]>();
    for (const r of rows) {
      const g = groups.get(r.organizationId);
      if (g) g.push(r);
      else groups.set(r.organizationId, [r]);
    }
    for (const [organizationId, orgRows] of groups) {
      for (const sub of byOrganization.get(organizationId) ?? []) {
        const mine = sub.applicationIds ? orgRows.filter((r) => sub.applicationIds!.has(r.applicationId)) : orgRows;
        if (mine.length) sub.deliver(mine);
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
    if (!subs.size) byOrganization.delete(sub.organizationId);
    const n = (perUser.get(sub.userId) ?? 1) - 1;
    if (n > 0) perUser.set(sub.userId, n);
    else perUser.delete(sub.userId);
    count--;
    if (count === 0) {
      if (sessionTimer) clearInterval(sessionTimer);
      sessionTimer = null;
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
      perUser.set(sub.userId, (perUser.get(sub.userId) ?? 0) + 1);
      count++;
      if (!sessionTimer) {
        sessionTimer = setInterval(() => void checkSessions(), deps.sessionCheckMs ?? 5000);
        sessionTimer.unref();
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
