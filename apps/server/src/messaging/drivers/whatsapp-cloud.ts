/**
 * The whatsapp-cloud driver (ARCHITECTURE.md §6.1): sends template and free-text messages through
 * Meta's Cloud API (`POST {WHATSAPP_GRAPH_URL}/{phone_number_id}/messages`) from the application's
 * WhatsApp sender (whatsapp_senders), paces per phone number, and records the conversation the
 * message opens (templates-dashboard-reports.md §3 WhatsApp session figures). Statuses come back
 * through the `/hooks/whatsapp` webhook (inbound/whatsapp.routes.ts), never from here.
 */
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import { buildTemplateComponents, type WaTemplateSend } from '@pesan/contracts/wa-send';
import type { Db } from '../../db/client.ts';
import { findTemplate } from '../messages.repo.ts';
import { GraphError, graphSendMessage, type GraphOptions } from '../whatsapp/graph-client.ts';
import { findSenderByApplication } from '../whatsapp/senders.repo.ts';
import { setConversationAtSend } from '../whatsapp/webhook.repo.ts';
import { DriverError, type ChannelDriver, type OutboundMessage, type PacingInput, type PacingLane } from './driver.ts';

/** What the driver needs: the database, the Graph API settings and the default rate (WHATSAPP_RATE). */
export interface WhatsappCloudDeps {
  db: Db;
  graphUrl: string;
  token: string;
  /** Default sends per second per phone number when the sender sets none. */
  rate: number;
  /** Graph call timeout in ms (default graph-client.ts GRAPH_TIMEOUT_MS, 15 s). */
  timeoutMs?: number;
}

/**
 * Graph error codes worth retrying: 130429 (throughput) and 131056 (pair rate) per the brief of
 * ARCHITECTURE.md §6.1, plus Meta's generic transient ones (1 unknown, 2 service unavailable,
 * 4 and 80007 rate limits, 133004 server temporarily unavailable).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131056, 133004]);
/** Access token expired or invalid: an operator must renew WHATSAPP_TOKEN; sends are retried meanwhile. */
const TOKEN_CODE = 190;

/**
 * Maps a Graph API failure to a DriverError: 130429/131056 and other transient codes, HTTP 429 and
 * 5xx, network errors and timeouts are retryable; 190 (token) logs an alert line (never the
 * token) and is retryable; any other code (131026 undeliverable, 131047 re-engagement, 131051
 * unsupported type, …) fails the message permanently with Meta's title (and details) as the
 * reason and the code as providerCode.
 */
export function driverErrorFromGraph(err: GraphError): DriverError {
  const code = err.code === null ? (err.httpStatus ? `http_${err.httpStatus}` : 'network') : String(err.code);
  const reason = err.details && !err.title.includes(err.details) ? `${err.title}: ${err.details}` : err.title;
  if (err.code === TOKEN_CODE) {
    console.error(`[whatsapp-cloud] ALERT: the Graph API refused WHATSAPP_TOKEN (code 190${err.subcode ? `, subcode ${err.subcode}` : ''}: ${err.title}); renew the system-user token. Sends are retried meanwhile.`);
    return new DriverError(true, code, reason);
  }
  if (err.httpStatus === 0 || err.httpStatus === 429 || err.httpStatus >= 500 || (err.code !== null && RETRYABLE_CODES.has(err.code))) return new DriverError(true, code, reason);
  return new DriverError(false, code, reason);
}

/**
 * Builds Meta's send body of `message` (a validated /v1 WhatsApp body, stored at acceptance) and
 * the conversation it opens: a template opens a business-initiated conversation of the template's
 * category (lower-case); free text is a user-initiated `service` conversation (inside the window).
 * @throws DriverError (permanent) when the template is no longer APPROVED or its parameters no
 *   longer match (the template changed after the message was accepted).
 */
async function sendBody(db: Db, message: OutboundMessage): Promise<{ body: Record<string, unknown>; conversation: { category: string; initiator: 'business' | 'user' } }> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.recipient.replace(/^\+/, '') };
  const template = message.body['template'] as WaTemplateSend | undefined;
  if (!template) {
    return { body: { ...base, type: 'text', text: { body: String(message.body['text'] ?? ''), preview_url: false } }, conversation: { category: 'service', initiator: 'user' } };
  }
  const found = await findTemplate(db, message.applicationId, template.name, template.language);
  if (!found || found.status !== 'APPROVED') throw new DriverError(false, 'template_not_approved', V1_MESSAGES.templateNotApproved);
  const built = buildTemplateComponents({ components: found.components, ...(found.parameterFormat ? { parameterFormat: found.parameterFormat } : {}) }, template);
  if (!built.ok) throw new DriverError(false, 'template_mismatch', `${built.message} (the template changed after the message was accepted)`);
  return {
    body: { ...base, type: 'template', template: { name: template.name, language: { code: template.language }, ...(built.components.length ? { components: built.components } : {}) } },
    conversation: { category: found.category.toLowerCase(), initiator: 'business' },
  };
}

/** The whatsapp-cloud driver on `deps` (see the file comment). */
export function createWhatsappCloudDriver(deps: WhatsappCloudDeps): ChannelDriver {
  const graph: GraphOptions = { graphUrl: deps.graphUrl, token: deps.token, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) };
  return {
    name: 'whatsapp-cloud',
    channels: ['whatsapp'],
    async send(message) {
      const sender = await findSenderByApplication(deps.db, message.applicationId);
      if (!sender) throw new DriverError(false, 'no_sender', V1_MESSAGES.whatsappNotSetUp);
      const { body, conversation } = await sendBody(deps.db, message);
      let wamid: string;
      await message.awaitTurn?.();
      try {
        ({ wamid } = await graphSendMessage(graph, sender.phoneNumberId, body));
      } catch (err) {
        if (err instanceof GraphError) throw driverErrorFromGraph(err);
        throw err;
      }
      await setConversationAtSend(deps.db, message.id, conversation);
      return { providerMessageId: wamid };
    },
    async pacing(input: PacingInput): Promise<PacingLane | null> {
      const sender = await findSenderByApplication(deps.db, input.applicationId);
      return sender ? { key: `wa:${sender.phoneNumberId}`, perSecond: sender.messagesPerSecond ?? deps.rate } : null;
    },
  };
}
