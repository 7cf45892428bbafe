/**
 * What may reach a log (issue 6 defect 3): no password, hash, token, cookie, authorization header,
 * private key or bound query parameter, ever. Three layers:
 * - `safeErrorSerializer` logs a failed query as its SQL text only (Drizzle's `DrizzleQueryError`
 *   puts every bound parameter in its message, so a failed INSERT INTO users logged the new user's
 *   argon2id hash and e-mail) and drops the driver's `detail` (which quotes row values);
 * - `safeRequestSerializer` masks the secret path segments and query values of request URLs
 *   (e-mail verification and reset tokens);
 * - `LOG_REDACT_PATHS` censors secret-named fields wherever a log call passes them.
 */
import type { FastifyRequest } from 'fastify';

/** Fields censored in every log line (pino `redact` paths; `*` is one level of any key). */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...['password', 'confirmPassword', 'oldPassword', 'passwordHash', 'password_hash', 'token', 'accessToken', 'privateKeyPem', 'secret', 'cookie', 'authorization', 'link', 'params'].flatMap(
    (key) => [key, `*.${key}`],
  ),
];

const CENSOR = '[redacted]';

/** Path segments after these words are secrets (console.md §2 links: /auth/email_verification/{token}, /auth/reset_password/{token}; §5.1 /auth/invitation/{token}). */
const SECRET_SEGMENT = /\/(email_verification|reset_password|reset-password|invitation)\/[^/?#]+/gi;
/** Query values of these names are secrets (`/auth/reset-password?token=…`). */
const SECRET_QUERY = /([?&](?:token|access_token|code|secret|signature)=)[^&#]*/gi;

/** `url` with its secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, `/$1/${CENSOR}`).replace(SECRET_QUERY, `$1${CENSOR}`);
}

/**
 * A message from Drizzle's DrizzleQueryError, `Failed query: <sql>\nparams: <values>`, without the
 * values; and a database error's quoted value (`invalid input syntax for type integer: "…"`)
 * replaced, since a bound parameter can come back in it. Quoted identifiers (`relation "users"`)
 * stay: they follow no colon.
 */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n    at |$)/, '\nparams: [redacted]').replace(/: "(?:[^"\\]|\\.)*"/g, `: ${CENSOR}`);
}

/** Longest text of a logged error field (message, stack, SQL): a log line never carries a whole request (issue 23 item 21). */
export const MAX_LOGGED_TEXT = 2_000;

/** `text` cut to MAX_LOGGED_TEXT characters, saying how many more there were. */
function capped(text: string): string {
  return text.length <= MAX_LOGGED_TEXT ? text : `${text.slice(0, MAX_LOGGED_TEXT)}… (${text.length - MAX_LOGGED_TEXT} more characters)`;
}

type LoggedError = { type: string; message: string; stack: string; code?: unknown; query?: string; cause?: LoggedError };

/**
 * Pino `err` serializer: type, message, stack, code, the SQL text of a failed query and the cause
 * chain (5 deep), with bound parameters, driver details and every other own property dropped;
 * each text capped at MAX_LOGGED_TEXT characters.
 */
export function safeErrorSerializer(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: capped(withoutParams(String(err))), stack: '' };
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const out: LoggedError = { type: e.constructor?.name ?? 'Error', message: capped(withoutParams(e.message)), stack: capped(withoutParams(e.stack ?? '')) };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.query === 'string') out.query = capped(e.query);
  if (e.cause !== undefined && depth < 5) out.cause = safeErrorSerializer(e.cause, depth + 1);
  return out;
}

/**
 * One line of text for `err` in a plain log line (console.error of the job pollers and background
 * turns): its message without bound query parameters, then its causes' codes and messages (a
 * failed query's database error: `40P01 deadlock detected`), capped at MAX_LOGGED_TEXT.
 */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    const x = e as { message?: unknown; code?: unknown; cause?: unknown };
    const message = e instanceof Error || typeof x.message === 'string' ? String(x.message) : String(e);
    const code = typeof x.code === 'string' || typeof x.code === 'number' ? `${x.code} ` : '';
    parts.push(`${code}${withoutParams(message).replace(/\s+/g, ' ').trim()}`);
    e = e instanceof Error ? x.cause : undefined;
  }
  return capped(parts.join(' <- caused by: '));
}

/** Pino `req` serializer: method, redacted URL, request id and client address; no headers. */
export function safeRequestSerializer(req: FastifyRequest | { method?: string; url?: string; id?: string; ip?: string }) {
  return { method: req.method, url: redactUrl(req.url ?? ''), id: req.id, remoteAddress: req.ip };
}

/**
 * Fastify `logger` options at `level` with the serializers and redaction above; `stream` (tests)
 * receives the JSON lines instead of stdout.
 */
export function safeLoggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: CENSOR },
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer, req: safeRequestSerializer },
    ...(stream ? { stream } : {}),
  };
}
