/**
 * The /v1 send rate limit answered from memory (ARCHITECTURE.md §6.5, issue 24 item 5).
 *
 * The limit is per application and counts messages (a batch of 500 counts 500): `limit` messages
 * per window of `windowMs` — the operator's `send_rate_per_second` (a 1-second window, set with
 * `npm run admin -- rate --app <id> --per-second N`), else V1_RATE_LIMIT per minute.
 *
 * Each process leases budget from the shared store (PostgreSQL table `rate_limits`, or Redis with
 * REDIS_URL) in chunks of about a twentieth of the limit, and answers requests from its lease in
 * memory; only a request that finds its lease spent waits for one store round trip (and requests
 * that arrive meanwhile share that trip). The store grants only what is left in the window, so N
 * processes together never admit more than the limit. The slack is the other way: a process's
 * unused lease is lost when the window ends, so with N processes up to N × chunk messages of a
 * window may be refused below the limit (chunk = max(1, ceil(limit / 20)): 5 % of the limit per
 * process).
 */

/** What the shared store does for the limiter. */
export interface RateStore {
  /**
   * Takes `want` messages from `key`'s window of `windowMs` (a new window when none is running)
   * if at least `need` of them are left under `limit`, taking as many as are left up to `want`.
   * Answers what was granted (0: not even `need` left, nothing taken) and the ms left in the window.
   */
  take(key: string, need: number, want: number, limit: number, windowMs: number): Promise<{ granted: number; ttlMs: number }>;
}

interface Lease {
  /** Messages still free in this process for the window ending at `endsAt`. */
  left: number;
  endsAt: number;
  limit: number;
  windowMs: number;
  /** A store trip under way for this application (requests that find the lease spent wait for it). */
  pending: Promise<void> | null;
  /** The store refused `refusedNeed` more messages: refuse as many or more in memory until then (ms epoch). */
  refusedUntil: number;
  refusedNeed: number;
}

/** The answer to one request: admitted, or refused with the seconds until the window ends. */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Per-process in-memory send limiter over a shared store (see the file comment). */
export class SendRateLimiter {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly store: RateStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts `count` messages of `applicationId` against `limit` per `windowMs`; answers whether they
   * are admitted. All or nothing: a batch over what is left is refused whole.
   */
  async take(applicationId: string, count: number, limit: number, windowMs: number): Promise<RateDecision> {
    for (let attempt = 0; attempt < 3; attempt++) {
      let lease = this.leases.get(applicationId);
      const now = this.now();
      if (!lease || lease.endsAt <= now || lease.limit !== limit || lease.windowMs !== windowMs) {
        if (lease?.pending) {
          await lease.pending;
          continue;
        }
        lease = { left: 0, endsAt: now + windowMs, limit, windowMs, pending: null, refusedUntil: 0, refusedNeed: 0 };
        this.leases.set(applicationId, lease);
        if (this.leases.size > 10_000) this.forgetEnded(now);
      }
      if (lease.left >= count) {
        lease.left -= count;
        return { ok: true };
      }
      if (lease.pending) {
        await lease.pending;
        continue;
      }
      if (lease.refusedUntil > now && count - lease.left >= lease.refusedNeed) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.refusedUntil - now) / 1000)) };
      const chunk = Math.max(1, Math.ceil(limit / 20));
      const need = count - lease.left;
      let result: { granted: number; ttlMs: number } = { granted: 0, ttlMs: 0 };
      const current = lease;
      current.pending = this.store.take(`send:${applicationId}:${windowMs}`, need, need + chunk, limit, windowMs).then((r) => {
        result = r;
        if (r.granted > 0) current.left += r.granted;
        current.endsAt = this.now() + r.ttlMs;
      });
      try {
        await current.pending;
      } finally {
        current.pending = null;
      }
      if (result.granted === 0) {
        current.refusedUntil = this.now() + result.ttlMs;
        current.refusedNeed = need;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(result.ttlMs / 1000)) };
      }
      if (current.left >= count) {
        current.left -= count;
        return { ok: true };
      }
    }
    return { ok: false, retryAfterSeconds: 1 };
  }

  private forgetEnded(now: number): void {
    for (const [k, l] of this.leases) if (l.endsAt <= now && !l.pending) this.leases.delete(k);
  }
}
