/**
 * An in-process poller: runs `task` every `intervalMs` (never two runs at once), at once after
 * `wake()`, and again right away while a run reports more work. Errors are logged, not thrown.
 */
import { errorText } from '../lib/log-safety.ts';

export interface Poller {
  /** Runs the task soon (coalesced with a run already due). */
  wake(): void;
  /** Stops polling and resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

/** Starts polling `task` (returns true when it should run again at once). */
export function startPoller(name: string, task: () => Promise<boolean>, intervalMs: number): Poller {
  let timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (ms since the epoch); a wake never pushes it later. */
  let dueAt = Infinity;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;
  const schedule = (ms: number) => {
    if (stopped || Date.now() + ms >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    dueAt = Infinity;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let more = false;
      try {
        more = await task();
      } catch (err) {
        console.error(`[${name}] ${errorText(err)}`);
      }
      running = undefined;
      const now = more || again;
      again = false;
      schedule(now ? 0 : intervalMs);
    })();
  };
  schedule(0);
  return {
    wake: () => schedule(20),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
