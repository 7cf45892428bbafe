/**
 * A code sample or recorded response: kept as written (no wrapping), scrolling inside its own box
 * past `maxHeight` and sideways, which is a named region the keyboard can reach (axe
 * scrollable-region-focusable), so it never widens the page at 375 px.
 */
import classes from './docs.module.css';

export interface CodeBlockProps {
  code: string;
  /** Accessible name of the region, e.g. 'CURL request'. */
  label: string;
  maxHeight?: string;
}

export function CodeBlock({ code, label, maxHeight = 'min(50vh, 440px)' }: CodeBlockProps) {
  return (
    <pre className={classes.code} tabIndex={0} role="region" aria-label={label} style={{ maxHeight }}>
      <code>{code}</code>
    </pre>
  );
}
