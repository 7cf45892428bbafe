/**
 * Below-the-fold content rendered after the page's first paint (issue 28: Total Blocking Time on a
 * slow phone). A page's first render mounts only what is on screen; each DeferredSection then
 * mounts its children on its own, one at a time, when the browser is idle (requestIdleCallback),
 * as an interruptible transition, so no section's render joins the first long task and none blocks
 * input for long. Until then it keeps `minHeight` free, so nothing below it jumps when it fills in.
 * Where the browser has no idle callbacks (and in jsdom) the children render at once.
 *
 * AfterFirstPaint / useAfterFirstPaint are the lighter form for content on screen: the first render
 * (the one that brings the page's title, its largest paint) commits without it, and the content
 * renders right after, as an interruptible transition (no idle wait), so the title paints sooner and
 * the content's render is cut into short tasks instead of joining one long one.
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

type Reveal = () => void;

/** Sections waiting for their turn, in page order. */
const waiting: Reveal[] = [];
/** The section whose turn it is (revealed, not yet committed), if any. */
let current: Reveal | null = null;

const idleSupported = () => typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function';

/** Gives the next waiting section its turn at the browser's next idle period. */
function next(): void {
  if (current || waiting.length === 0) return;
  const reveal = waiting.shift()!;
  current = reveal;
  window.requestIdleCallback(() => (current === reveal ? reveal() : next()), { timeout: 1000 });
}

/** Ends `reveal`'s turn (it has committed, or left the page) and lets the next section have one. */
function release(reveal: Reveal): void {
  const i = waiting.indexOf(reveal);
  if (i >= 0) waiting.splice(i, 1);
  if (current === reveal) {
    current = null;
    next();
  }
}

export interface DeferredSectionProps {
  children: ReactNode;
  /** The room kept for the content until it renders (px or any CSS length). */
  minHeight: number | string;
  /**
   * Loads what the content shows (e.g. prefetches its queries), called at mount: the section waits
   * for it (settled, whichever way) before its turn, so it renders with its data in the interruptible
   * pass rather than in a later, blocking one when the data arrives.
   */
  prepare?: () => Promise<unknown>;
}

/**
 * Renders `children` after the first paint, when the browser is idle, `prepare` (if any) has
 * settled and the sections queued before it have rendered, keeping `minHeight` of room until then
 * (see the module comment).
 */
export function DeferredSection({ children, minHeight, prepare }: DeferredSectionProps) {
  const [shown, setShown] = useState(() => !idleSupported());
  const revealRef = useRef<Reveal | null>(null);
  const prepareRef = useRef(prepare);
  useEffect(() => {
    if (shown) return;
    let active = true;
    const reveal: Reveal = () => startTransition(() => setShown(true));
    revealRef.current = reveal;
    const queue = () => {
      if (!active) return;
      waiting.push(reveal);
      next();
    };
    const loading = prepareRef.current?.();
    if (loading) void loading.then(queue, queue);
    else queue();
    return () => {
      active = false;
      release(reveal);
    };
  }, [shown]);
  // Committed: the next section may render.
  useEffect(() => {
    if (shown && revealRef.current) {
      const reveal = revealRef.current;
      revealRef.current = null;
      release(reveal);
    }
  }, [shown]);
  if (shown) return <>{children}</>;
  return <div style={{ minHeight }} data-deferred-section="" />;
}

/**
 * False on a component's first render; true from the render that follows it, which runs as a
 * transition right after the first commit (see the module comment). Hooks above it (queries, live
 * events) start at once; only what it gates renders later.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}

/** Renders `children` from the render after the first one (useAfterFirstPaint), keeping `minHeight` of room until then. */
export function AfterFirstPaint({ children, minHeight }: Omit<DeferredSectionProps, 'prepare'>) {
  return useAfterFirstPaint() ? <>{children}</> : <div style={{ minHeight }} data-deferred-section="" />;
}
