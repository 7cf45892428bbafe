/**
 * Rules of Meta's WhatsApp Cloud API webhook `GET/POST /hooks/whatsapp` (ARCHITECTURE.md §6.1):
 * the `hub.challenge` handshake, the `X-Hub-Signature-256` check over the raw body, and the
 * processing of a signed body: message statuses through recordStatus (with the conversation and
 * pricing Meta reports), inbound user messages (stored once, opening the 24-hour service window),
 * and WABA-level updates (stored; template decisions and quality ratings applied to wa_templates).
 * Lenient to fields Meta adds; one bad item never stops the others (Meta retries a non-2xx answer
 * with the whole body).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { recordStatus } from '../engine/status-recorder.ts';
import { findSenderByPhoneNumberId, type WhatsappSender } from './senders.repo.ts';
import { applyTemplateQualityUpdate, applyTemplateStatusUpdate, type TemplateDecision } from './template-status.ts';
import { retryWhileUnknown } from '../early-callback.ts';
import { insertAccountUpdate, insertInboundMessage, setConversationFromStatus } from './webhook.repo.ts';
import { openServiceWindow } from './windows.repo.ts';

/** The driver name statuses are recorded under (messages.driver of Cloud API sends). */
export const CLOUD_DRIVER = 'whatsapp-cloud';
/** The customer-service window an inbound message opens (Meta's 24 hours), in ms. */
export const SERVICE_WINDOW_MS = 24 * 3_600_000;
/** Largest webhook body accepted, in bytes (ARCHITECTURE.md §6.1: 3 MB). */
export const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

const unixTime = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);

/** One `statuses[]` item of a `messages` change (sent, delivered, read, failed, …). */
const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: unixTime,
  recipient_id: z.string().optional(),
  conversation: z
    .looseObject({ id: z.string().optional(), expiration_timestamp: unixTime.optional(), origin: z.looseObject({ type: z.string().optional() }).optional() })
    .optional(),
  pricing: z.looseObject({ billable: z.boolean().optional(), pricing_model: z.string().optional(), category: z.string().optional() }).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.looseObject({ details: z.string().optional() }).optional() }))
    .optional(),
});

/** One `messages[]` item of a `messages` change: a message a WhatsApp user sent to the number. */
const inboundSchema = z.looseObject({ from: z.string().regex(/^\d{5,15}$/), id: z.string().min(1), timestamp: unixTime, type: z.string().min(1) });

/** Most items of one list in a Meta webhook body (Meta batches up to 1,000 updates; the 1 MB body limit holds fewer). */
const WEBHOOK_BATCH_MAX = 1_000;

const messagesValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().min(1) }),
  statuses: z.array(z.unknown()).max(WEBHOOK_BATCH_MAX).optional(),
  messages: z.array(z.unknown()).max(WEBHOOK_BATCH_MAX).optional(),
});

/** Meta's webhook envelope: `{object: 'whatsapp_business_account', entry: [{id: <WABA id>, changes: [{field, value}]}]}`. */
export const webhookEnvelopeSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.looseObject({ id: z.string(), changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).max(WEBHOOK_BATCH_MAX) })).max(WEBHOOK_BATCH_MAX),
});

/** What one webhook body did, for the log line. `skipped` items were malformed or failed (their error text is listed). */
export interface WebhookSummary {
  statuses: number;
  inbound: number;
  updates: number;
  /** Items about numbers or messages this installation does not know. */
  unknown: number;
  skipped: string[];
}

const STATUS: Record<string, MessageStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The `hub.challenge` to echo when `query` is Meta's subscription handshake (`hub.mode=subscribe`
 * and `hub.verify_token` equal, in constant time, to WHATSAPP_VERIFY_TOKEN), else null (→ 403).
 */
export function verifyHandshake(verifyToken: string | undefined, query: Record<string, unknown>): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !challenge) return null;
  return timingSafeEqual(sha256(token), sha256(verifyToken)) ? challenge : null;
}

/**
 * Whether `header` (`X-Hub-Signature-256: sha256=<hex>`) is the HMAC-SHA256 of the exact bytes
 * `raw` with the app secret (constant-time compare). False when the secret is not configured.
 */
export function verifySignature(appSecret: string | undefined, raw: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header) return false;
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'));
}

const toDate = (t: string | number) => new Date(Number(t) * 1000);

/** Meta's conversation category of a status, lower-case (`user_initiated` = service); undefined when it names none. */
function conversationCategory(s: z.infer<typeof statusSchema>): string | undefined {
  const raw = (s.pricing?.category ?? s.conversation?.origin?.type)?.toLowerCase();
  if (!raw || raw === 'business_initiated') return undefined;
  return raw === 'user_initiated' ? 'service' : raw;
}

/** Applies one status item; returns whether its message is known. */
async function applyStatus(db: Db, s: z.infer<typeof statusSchema>): Promise<boolean> {
  const status = STATUS[s.status];
  if (!status) return true; // e.g. `deleted`, `warning`: nothing in our lifecycle
  const error = s.errors?.[0];
  let reason: string | null = null;
  if (status === 'failed') {
    const title = error?.title ?? error?.message ?? 'WhatsApp could not deliver the message';
    const details = error?.error_data?.details;
    reason = details && details !== title ? `${title}: ${details}` : title;
  }
  const outcome = await recordStatus(db, {
    driver: CLOUD_DRIVER,
    providerMessageId: s.id,
    status,
    at: toDate(s.timestamp),
    reason,
    providerCode: status === 'failed' && error?.code !== undefined ? String(error.code) : null,
  });
  if (outcome.outcome === 'unknown') return false;
  await setConversationFromStatus(db, CLOUD_DRIVER, s.id, { ...(s.conversation?.id ? { conversationId: s.conversation.id } : {}), ...(conversationCategory(s) ? { category: conversationCategory(s)! } : {}) });
  return true;
}

/** Stores one inbound message (once per wamid) and opens or extends its sender's service window (not for `system` notices). */
async function applyInbound(db: Db, sender: WhatsappSender, m: z.infer<typeof inboundSchema>): Promise<void> {
  const at = toDate(m.timestamp);
  const from = `+${m.from}`;
  await insertInboundMessage(db, { organizationId: sender.organizationId, applicationId: sender.applicationId, wamid: m.id, sender: from, type: m.type, payload: m, receivedAt: at });
  // A `system` message (the user changed number) is Meta's notice, not the user writing to us.
  if (m.type === 'system') return;
  await openServiceWindow(db, { applicationId: sender.applicationId, organizationId: sender.organizationId, recipient: from, at, expiresAt: new Date(at.getTime() + SERVICE_WINDOW_MS) });
}

/**
 * Processes a signed webhook body (already JSON-parsed; see the file comment) at `now`. Statuses
 * of unknown messages and changes of unknown phone numbers are counted in `unknown` and ignored.
 * @returns the summary, or null when `payload` is not Meta's webhook envelope (→ 400).
 */
export async function handleWebhook(
  deps: { db: Db; now: () => Date; onTemplateDecision?: (d: TemplateDecision) => Promise<void>; unknownRetries?: number },
  payload: unknown,
): Promise<WebhookSummary | null> {
  const envelope = webhookEnvelopeSchema.safeParse(payload);
  if (!envelope.success) return null;
  const summary: WebhookSummary = { statuses: 0, inbound: 0, updates: 0, unknown: 0, skipped: [] };
  const attempt = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      // First line only, bounded: a database error's text may quote the query and its values.
      summary.skipped.push(`${what}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200)}`);
    }
  };
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        await attempt(change.field, async () => {
          const value = (change.value ?? {}) as Record<string, unknown>;
          await insertAccountUpdate(deps.db, { wabaId: entry.id, field: change.field, payload: value, receivedAt: deps.now() });
          if (change.field === 'message_template_status_update') {
            for (const d of await applyTemplateStatusUpdate(deps.db, entry.id, value, deps.now())) await deps.onTemplateDecision?.(d);
          } else if (change.field === 'message_template_quality_update') {
            await applyTemplateQualityUpdate(deps.db, entry.id, value, deps.now());
          }
          summary.updates++;
        });
        continue;
      }
      const value = messagesValueSchema.safeParse(change.value);
      if (!value.success) {
        summary.skipped.push('messages: no metadata.phone_number_id');
        continue;
      }
      const sender = await findSenderByPhoneNumberId(deps.db, value.data.metadata.phone_number_id);
      if (!sender) {
        summary.unknown += (value.data.statuses?.length ?? 0) + (value.data.messages?.length ?? 0);
        continue;
      }
      for (const item of value.data.statuses ?? []) {
        const s = statusSchema.safeParse(item);
        if (!s.success) {
          summary.skipped.push('status: malformed');
          continue;
        }
        // A status can beat dispatch storing the wamid: tried again in the background for a while.
        await attempt(`status ${s.data.id}`, async () => {
          if (await retryWhileUnknown(`WhatsApp status ${s.data.id}`, () => applyStatus(deps.db, s.data), { retries: deps.unknownRetries })) summary.statuses++;
          else summary.unknown++;
        });
      }
      for (const item of value.data.messages ?? []) {
        const m = inboundSchema.safeParse(item);
        if (!m.success) {
          summary.skipped.push('inbound message: malformed');
          continue;
        }
        await attempt(`inbound ${m.data.id}`, async () => {
          await applyInbound(deps.db, sender, m.data);
          summary.inbound++;
        });
      }
    }
  }
  return summary;
}
