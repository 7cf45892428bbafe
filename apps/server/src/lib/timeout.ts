/**
 * Bounding a promise by a deadline (health checks, metrics collection): the work itself is not
 * cancelled, the caller just stops waiting for it.
 */

/** What `withTimeout` rejects with when the deadline passes first. */
export class TimeoutError extends Error {
  constructor(
    public readonly label: string,
    public readonly timeoutMs: number,
  ) {
    super(`${label} did not answer within ${timeoutMs} ms`);
  }
}

/**
 * Resolves or rejects as `work` does, or rejects with TimeoutError after `timeoutMs` milliseconds,
 * whichever comes first. The timer never keeps the process alive and is cleared when `work` settles.
 * `work` may be a promise or a function returning one (a synchronous throw becomes a rejection).
 */
export async function withTimeout<T>(work: Promise<T> | (() => Promise<T>), timeoutMs: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(label, timeoutMs)), timeoutMs);
    timer.unref();
  });
  try {
    const p = typeof work === 'function' ? Promise.resolve().then(work) : work;
    return await Promise.race([p, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
