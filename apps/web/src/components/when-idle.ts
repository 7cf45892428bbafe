/**
 * Runs `fn` once the browser is idle after the current work (issue 10: code and requests a page does
 * not need for its first paint wait until after it). Returns a canceller, for effect cleanups.
 */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1);
  return () => window.clearTimeout(id);
}
