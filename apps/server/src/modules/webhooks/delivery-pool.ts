/**
 * The in-process pool that runs webhook requests (issue 23 item 4; ARCHITECTURE.md §6.2): at most
 * `perKey` requests to one endpoint and `total` in all at once. A request that cannot start waits
 * in its endpoint's line (never in a job worker); when slots free, the endpoints with waiting
 * requests take turns, the one whose line was served longest ago first, so an endpoint that hangs
 * holds only its own slots and every other endpoint gets its turn.
 *
 * The pool only holds ids of work to do: the attempt rows stay pending in the database until a
 * request is claimed, so a process that dies loses nothing (the webhook sweep queues them again).
 */

/** Sizes of a pool: slots per endpoint and in all, and how many requests may wait per endpoint and in all. */
export interface DeliveryPoolLimits {
  perKey: number;
  total: number;
  maxWaitingPerKey: number;
  maxWaiting: number;
}

/** A unit of work: runs with a signal that is aborted when the pool stops. */
export type PoolTask<T> = (signal: AbortSignal) => Promise<T>;

export interface DeliveryPool<T> {
  /**
   * Runs `task` for endpoint `key` now or when a slot frees; `id` names the work (an id offered
   * again while it waits or runs gets the same promise). Returns the promise of its result, or null
   * when the lines are full or the pool has stopped (the caller queues the work again later).
   */
  offer(key: string, id: string, task: PoolTask<T>): Promise<T> | null;
  /** Requests running now (all endpoints, or endpoint `key`). */
  running(key?: string): number;
  /** Requests waiting for a slot. */
  waiting(): number;
  /**
   * Stops the pool: nothing waiting starts (those promises resolve with `dropped`), and after
   * `graceMs` the requests still running are aborted. Resolves when every running task has ended.
   */
  stop(graceMs: number, dropped: T): Promise<void>;
}

interface Waiting<T> {
  id: string;
  task: PoolTask<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/** A new, empty pool with `limits` (perKey must be below total, so one endpoint never takes every slot). */
export function createDeliveryPool<T>(limits: DeliveryPoolLimits): DeliveryPool<T> {
  if (limits.perKey >= limits.total) throw new Error('a webhook endpoint must have fewer slots than the whole pool');
  const active = new Map<string, number>();
  /** Lines of waiting work per endpoint; Map order is the turn order (an endpoint served goes last). */
  const lines = new Map<string, Waiting<T>[]>();
  const known = new Map<string, Promise<T>>();
  const controller = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let total = 0;
  let queued = 0;
  let stopped = false;

  const start = (key: string, w: Waiting<T>) => {
    total++;
    active.set(key, (active.get(key) ?? 0) + 1);
    const run = (async () => {
      try {
        w.resolve(await w.task(controller.signal));
      } catch (err) {
        w.reject(err);
      } finally {
        total--;
        const left = (active.get(key) ?? 1) - 1;
        if (left) active.set(key, left);
        else active.delete(key);
        known.delete(w.id);
        pump();
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  /** Starts waiting work while slots are free, one per endpoint per turn. */
  const pump = () => {
    let progress = true;
    while (!stopped && progress && total < limits.total) {
      progress = false;
      // A snapshot of this turn's order: serving an endpoint moves it to the end of the Map.
      const turn = Array.from(lines.entries());
      for (const [key, line] of turn) {
        if (total >= limits.total) break;
        if ((active.get(key) ?? 0) >= limits.perKey) continue;
        const next = line.shift()!;
        queued--;
        lines.delete(key);
        if (line.length) lines.set(key, line);
        start(key, next);
        progress = true;
      }
    }
  };

  return {
    offer(key, id, task) {
      const existing = known.get(id);
      if (existing) return existing;
      if (stopped) return null;
      const line = lines.get(key);
      const free = !line?.length && (active.get(key) ?? 0) < limits.perKey && total < limits.total;
      if (!free && ((line?.length ?? 0) >= limits.maxWaitingPerKey || queued >= limits.maxWaiting)) return null;
      let w!: Waiting<T>;
      const promise = new Promise<T>((resolve, reject) => {
        w = { id, task, resolve, reject };
      });
      known.set(id, promise);
      if (free) start(key, w);
      else {
        queued++;
        if (line) line.push(w);
        else lines.set(key, [w]);
      }
      return promise;
    },
    running: (key) => (key === undefined ? total : (active.get(key) ?? 0)),
    waiting: () => queued,
    async stop(graceMs, dropped) {
      stopped = true;
      for (const line of lines.values()) for (const w of line) w.resolve(dropped);
      lines.clear();
      queued = 0;
      known.clear();
      const until = Date.now() + graceMs;
      while (inFlight.size && Date.now() < until) await Promise.race([Promise.allSettled(inFlight), new Promise((r) => setTimeout(r, Math.min(100, Math.max(1, until - Date.now()))))]);
      controller.abort();
      await Promise.allSettled(inFlight);
    },
  };
}
