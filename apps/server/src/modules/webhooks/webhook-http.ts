/**
 * One HTTP POST of a webhook delivery (ARCHITECTURE.md §6.2): JSON body, the signature headers, a
 * total time limit, the SSRF guard on every connection (ssrf-guard.ts), redirects not followed,
 * and at most RESPONSE_SNIPPET_BYTES of the answer read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { RESPONSE_SNIPPET_BYTES } from '@pesan/contracts/webhooks';
import { BlockedAddressError, guardedLookup, isPublicAddress } from './ssrf-guard.ts';

/** What an attempt got: an HTTP status, or a network error (`statusCode` null). */
export interface PostResult {
  statusCode: number | null;
  /** First RESPONSE_SNIPPET_BYTES of the body, or the error text. */
  response: string;
  durationMs: number;
  /** Seconds from a `Retry-After` header (delay-seconds or HTTP date), or null. */
  retryAfterSeconds: number | null;
}

function retryAfter(res: IncomingMessage, now: number): number | null {
  const value = res.headers['retry-after'];
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/** `response` of a request cut short by `signal` (the process is stopping). */
export const ABORTED_RESPONSE = 'Not sent: the server was stopping';

/**
 * POSTs `body` to `url` with `headers`, within `timeoutMs`. Never throws: refusals (SSRF), DNS,
 * connection and timeout errors come back with `statusCode` null and the reason in `response`; a
 * request ended by `signal` with ABORTED_RESPONSE.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean; signal?: AbortSignal },
): Promise<PostResult> {
  const started = Date.now();
  const done = (statusCode: number | null, response: string, retryAfterSeconds: number | null = null): PostResult => ({
    statusCode,
    response,
    durationMs: Date.now() - started,
    retryAfterSeconds,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, 'Invalid endpoint URL'));
    }
    if (opts.signal?.aborted) return resolve(done(null, ABORTED_RESPONSE));
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !opts.allowPrivate && !isPublicAddress(literal)) return resolve(done(null, new BlockedAddressError(literal).message));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Pesan-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
      lookup: guardedLookup(opts.allowPrivate),
      timeout: opts.timeoutMs,
    });
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${Math.round(opts.timeoutMs / 1000)} s`)), opts.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve(done(res.statusCode ?? null, Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString('utf8'), retryAfter(res, Date.now())));
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_SNIPPET_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_SNIPPET_BYTES) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(opts.timeoutMs / 1000)} s`)));
    const abort = () => req.destroy(new Error(ABORTED_RESPONSE));
    opts.signal?.addEventListener('abort', abort, { once: true });
    req.on('close', () => opts.signal?.removeEventListener('abort', abort));
    req.on('error', (err) => {
      clearTimeout(timer);
      resolve(done(null, err instanceof BlockedAddressError ? err.message : (err as Error).message || String(err)));
    });
    req.end(body);
  });
}
