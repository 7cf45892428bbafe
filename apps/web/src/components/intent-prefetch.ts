/**
 * Event handlers that start `load` (a dynamic import) when the user shows intent to use a control:
 * the pointer over it, focus on it, or a touch (issue 10). A control whose code is not part of the
 * page's first load then usually has it by the time it is clicked; import() loads a module once.
 */
export function intentPrefetch(load: () => Promise<unknown>) {
  const start = () => void load().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
}
