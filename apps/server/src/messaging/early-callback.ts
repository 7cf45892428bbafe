/**
 * Carrier callbacks that beat dispatch (ARCHITECTURE.md §6.1): a receipt or status webhook can
 * arrive before the dispatcher has stored the carrier's id, and then names no message yet. Such a
 * callback is tried again in the background, a few times, before it is dropped with a warning.
 */
import { errorText } from '../lib/log-safety.ts';

/**
 * Runs `task` (true = it reached a message) and, when it returns false, runs it again every
 * `retryMs` (default 500) up to `retries` (default 20) times in the background, then warns
 * `dropped: <label>`. Resolves after the first run. @throws what the first run throws.
 */
export async function retryWhileUnknown(label: string, task: () => Promise<boolean>, opts: { retries?: number; retryMs?: number } = {}): Promise<boolean> {
  if (await task()) return true;
  let left = opts.retries ?? 20;
  const again = () => {
    const timer = setTimeout(() => {
      task().then(
        (known) => {
          if (known) return;
          if (--left > 0) again();
          else console.warn(`${label} for an unknown message dropped`);
        },
        (err: unknown) => console.warn(`${label} not recorded: ${errorText(err)}`),
      );
    }, opts.retryMs ?? 500);
    timer.unref();
  };
  if (left > 0) again();
  return false;
}
