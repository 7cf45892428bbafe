/**
 * Default validation texts for the fields whose schema gives no message of its own (the spec's
 * messages are set on their fields and always win). Replaces zod's generic "Invalid input: …"
 * with a sentence naming the field. Call `installClearZodMessages()` once per process or page (idempotent).
 */
import { z } from 'zod';

const field = (path: readonly PropertyKey[]) =>
  path.length ? `\`${path.map(String).join('.')}\`` : 'The request body';

/** Message for one zod issue, or undefined to keep zod's own text. */
export function clearZodMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const name = field(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length && issue.expected === 'object') return 'The request body must be a JSON object';
      if (issue.input === undefined) return `${name} is required`;
      return `${name} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
    case 'too_small':
      if (issue.origin === 'number') return `${name} must be at least ${String(issue.minimum)}`;
      if (issue.origin === 'array') return `${name} must have at least ${String(issue.minimum)} item(s)`;
      return `${name} must be at least ${String(issue.minimum)} characters`;
    case 'too_big':
      if (issue.origin === 'number') return `${name} must be at most ${String(issue.maximum)}`;
      if (issue.origin === 'array') return `${name} must have at most ${String(issue.maximum)} item(s)`;
      return `${name} must be at most ${String(issue.maximum)} characters`;
    case 'unrecognized_keys':
      return `Unknown field(s): ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/**
 * The over-long message of a console field (ARCHITECTURE.md §7 deviation 9): '<label> must be at
 * most <max> characters', with the field's human label (never its API name). `max` counts UTF-16
 * code units, as zod's `.max()` does.
 */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

let installed = false;
/** Installs clearZodMessage as zod's global error customiser (idempotent). */
export function installClearZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: clearZodMessage });
}
