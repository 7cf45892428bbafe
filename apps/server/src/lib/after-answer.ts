/**
 * Work that runs after a request has been answered, so the answer's timing cannot tell what the
 * work found (issue 6: `forgot_password` answered twice as slowly for a known address, which told
 * an attacker the address has an account). The work is tracked so that closing the app waits for it.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterAnswer {
  /** Runs `task` once the current answer has been written (next macrotask); failures are logged, never thrown. */
  run(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void;
  /** Resolves when every started task has settled (for the app's onClose). */
  drain(): Promise<void>;
}

/** A tracker of after-answer tasks; one per route scope. */
export function createAfterAnswer(): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(log, what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${what} failed after the answer was sent`))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async drain() {
      while (pending.size) await Promise.allSettled(pending);
    },
  };
}
