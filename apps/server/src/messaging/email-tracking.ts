/**
 * E-mail tracking (ARCHITECTURE.md §6.1, smtp driver): signed per-message tokens for the open pixel
 * (`/t/o/{token}`), click redirects (`/t/c/{token}/{n}`: the n-th link of the message's own HTML, so
 * the redirect can never point anywhere the message did not) and RFC 8058 one-click unsubscribe
 * (`/t/u/{token}`). Pure functions: the smtp driver rewrites outgoing HTML with them and the
 * tracking routes resolve them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signing key of tracking tokens, derived from SESSION_SECRET (never the secret itself). */
export function trackingKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('pesan/email-tracking/v1').digest();
}

const mac = (key: Buffer, messageId: string) => createHmac('sha256', key).update(messageId).digest('base64url').slice(0, 22);

/** The token of message `messageId`: `<uuid>.<22 chars of base64url HMAC-SHA256>`. */
export function trackingToken(key: Buffer, messageId: string): string {
  return `${messageId}.${mac(key, messageId)}`;
}

/** The message id a token names when its signature is right, else null (constant-time compare). */
export function verifyTrackingToken(key: Buffer, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0 || token.length > 100) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  if (!UUID.test(id)) return null;
  const expected = Buffer.from(mac(key, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** `href="…"` / `href='…'` attributes of http(s) links, in document order. */
const LINK = /(\bhref\s*=\s*)(["'])(https?:\/\/[^"'\s<>]+)\2/gi;

/** The http(s) links of `html` in document order: what click number n redirects to. */
export function trackedLinks(html: string): string[] {
  return [...html.matchAll(LINK)].map((m) => m[3]!.replace(/&amp;/g, '&'));
}

/**
 * `html` as sent: each http(s) link replaced by `${base}/t/c/{token}/{n}` and the open pixel
 * `${base}/t/o/{token}` appended (before `</body>` when there is one).
 */
export function withTracking(html: string, base: string, token: string): string {
  let n = 0;
  const rewritten = html.replace(LINK, (_m, attr: string, quote: string) => `${attr}${quote}${base}/t/c/${token}/${n++}${quote}`);
  const pixel = `<img src="${base}/t/o/${token}" width="1" height="1" alt="" style="display:block;border:0">`;
  return /<\/body>/i.test(rewritten) ? rewritten.replace(/<\/body>/i, `${pixel}</body>`) : rewritten + pixel;
}
