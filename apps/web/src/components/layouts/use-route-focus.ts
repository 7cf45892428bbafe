/**
 * Moves keyboard focus to the new page after an in-app navigation, so keyboard and screen-reader
 * users start at the page heading instead of on <body> or a link that no longer exists (also when
 * the shell itself was just mounted, e.g. after signing in). A fresh page load (the router's
 * initial location, key 'default') keeps the browser's default; an open dialog keeps its focus.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Focuses the first h1 inside `#${mainId}` (made programmatically focusable), else the main region. */
export function focusPageStart(mainId: string): void {
  const main = document.getElementById(mainId);
  if (!main) return;
  if (document.activeElement?.closest('[role="dialog"]')) return;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.setAttribute('data-route-focus', '');
  target.focus({ preventScroll: true });
}

export function useRouteFocus(mainId: string): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    const t = window.setTimeout(() => focusPageStart(mainId), 0);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path moves focus, not a new key on the same path
  }, [pathname, mainId]);
}
