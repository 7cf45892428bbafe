/**
 * The Standard Webhooks signature (ARCHITECTURE.md §6.2; https://www.standardwebhooks.com):
 * `webhook-signature: v1,<base64 HMAC-SHA256("{id}.{timestamp}.{body}")>` keyed by the base64
 * bytes after the `whsec_` prefix; several signatures are separated by spaces (a rotated secret
 * signs too during its overlap).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** `v1,<signature>` of `body` (the exact bytes sent) for message `id` at `timestamp` (unix seconds) with `secret` (`whsec_…`). */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers for one attempt, signed with every secret in `secrets`. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestamp, body)).join(' '),
  };
}
