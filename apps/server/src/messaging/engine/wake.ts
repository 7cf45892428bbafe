/**
 * In-process wake-ups of the engine's pollers (ARCHITECTURE.md §6.5): who adds work (an accepted
 * message, a sandbox step due now) wakes the poller that takes it in this process at once, instead
 * of waiting for its next poll. Keyed by database, so apps of one process (tests) stay apart.
 * Across processes on PostgreSQL, the dispatcher also listens for NOTIFY (dispatcher.ts).
 */
import type { Db } from '../../db/client.ts';

const wakers = new WeakMap<Db, Map<string, Set<() => void>>>();

/** Calls `fn` whenever `wake(db, name)` is called; returns the unsubscribe function. */
export function onWake(db: Db, name: string, fn: () => void): () => void {
  let byName = wakers.get(db);
  if (!byName) wakers.set(db, (byName = new Map()));
  let set = byName.get(name);
  if (!set) byName.set(name, (set = new Set()));
  const s = set;
  s.add(fn);
  return () => s.delete(fn);
}

/** Wakes this process's pollers `name` of `db` (none: nothing happens; they poll anyway). */
export function wake(db: Db, name: string): void {
  for (const fn of wakers.get(db)?.get(name) ?? []) fn();
}

/** Whether this process has a poller `name` of `db` listening (e.g. a dispatcher runs here). */
export function hasWakers(db: Db, name: string): boolean {
  return (wakers.get(db)?.get(name)?.size ?? 0) > 0;
}
