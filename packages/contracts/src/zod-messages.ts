/**
 * Default validation texts for the fields whose schema gives no message of its own (the spec's
 * messages are set on their fields and always win). Replaces zod's generic "Invalid input: …"
 * with a sentence naming the field. Call `installClearZodMessages()` once per process or page (idempotent).
 */
import { z } from 'zod';

const field = (path: readonly PropertyKey[]) =>
  path.length ? `\`${path.map(String).join('.')}\`` : 'The request body';

/**
 * The default validation texts, keyed (ARCHITECTURE.md §10: messages-id.ts holds their Indonesian
 * twins). `name` is the field as shown: `` `path` `` (API name in backticks), 'The request body',
 * or a console label such as 'Email'.
 */
export const ZOD_MESSAGES = {
  bodyNotObject: 'The request body must be a JSON object',
  required: (name: string) => `${name} is required`,
  mustBeList: (name: string) => `${name} must be a list`,
  mustBeType: (name: string, type: string) => `${name} must be a ${type}`,
  atLeastNumber: (name: string, min: number | bigint) => `${name} must be at least ${min}`,
  atLeastItems: (name: string, min: number | bigint) => `${name} must have at least ${min} item(s)`,
  atLeastChars: (name: string, min: number | bigint) => `${name} must be at least ${min} characters`,
  atMostNumber: (name: string, max: number | bigint) => `${name} must be at most ${max}`,
  atMostItems: (name: string, max: number | bigint) => `${name} must have at most ${max} item(s)`,
  atMostChars: (name: string, max: number | bigint) => `${name} must be at most ${max} characters`,
  unknownFields: (keys: string) => `Unknown field(s): ${keys}`,
} as const;

const M = ZOD_MESSAGES;

/** Message for one zod issue, or undefined to keep zod's own text. */
export function clearZodMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const name = field(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length && issue.expected === 'object') return M.bodyNotObject;
      if (issue.input === undefined) return M.required(name);
      return issue.expected === 'array' ? M.mustBeList(name) : M.mustBeType(name, issue.expected);
    case 'too_small':
      if (issue.origin === 'number') return M.atLeastNumber(name, issue.minimum);
      if (issue.origin === 'array') return M.atLeastItems(name, issue.minimum);
      return M.atLeastChars(name, issue.minimum);
    case 'too_big':
      if (issue.origin === 'number') return M.atMostNumber(name, issue.maximum);
      if (issue.origin === 'array') return M.atMostItems(name, issue.maximum);
      return M.atMostChars(name, issue.maximum);
    case 'unrecognized_keys':
      return M.unknownFields(issue.keys.join(', '));
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
  return M.atMostChars(label, max);
}

let installed = false;
/** Installs clearZodMessage as zod's global error customiser (idempotent). */
export function installClearZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: clearZodMessage });
}
