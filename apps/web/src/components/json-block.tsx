/**
 * A read-only block of pretty-printed JSON (or plain text) that wraps long lines and scrolls inside
 * itself past `maxHeight`, so it never widens the page. `label` names the scrolling region.
 */
import { Code } from '@mantine/core';

export interface JsonBlockProps {
  value: unknown;
  label: string;
  /** Show `value` as it is when it is a string (a response snippet) instead of as JSON. */
  raw?: boolean;
  maxHeight?: number;
}

/** `value` as indented JSON; strings as they are when `raw`. */
export function jsonText(value: unknown, raw = false): string {
  if (raw && typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function JsonBlock({ value, label, raw, maxHeight = 320 }: JsonBlockProps) {
  return (
    <Code
      block
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ maxHeight, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}
    >
      {jsonText(value, raw)}
    </Code>
  );
}
