/**
 * A date text that may wrap only between its parts (day and time, or the two ends of a range),
 * never inside a date: '18-11-2026 - 24-11-2026' breaks after the dash if it must.
 */
import { Fragment } from 'react';
import { unbreakableParts } from '../utils/format.ts';

/** `text` with its parts kept whole (see the module comment). */
export function DateParts({ text }: { text: string }) {
  return (
    <>
      {unbreakableParts(text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </>
  );
}
