/**
 * The sandbox driver, default for every channel (ARCHITECTURE.md §6 "Sandbox provider"): a
 * simulated carrier. Nothing leaves the server; `send` returns a carrier id, and the magic
 * recipient's callbacks arrive one by one, SANDBOX_DELAY_MS apart, as due steps of the sandbox_steps
 * table (messaging/engine/sandbox-steps.ts) recorded through the status pipeline like a real carrier's. Phone numbers ending 0001 fail, 0002 are rejected, 0003 are
 * undelivered, 0004 stay at `sent`, 0005 give `rna` on calls, 0006 give `user_busy`; others are
 * delivered (WhatsApp then read) or answered. E-mail local parts containing +bounce fail, +open are
 * opened, +click are opened then clicked, +unsub unsubscribe; others are delivered.
 */
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { initialStatus, LIFECYCLES, type MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { findTemplate } from '../messages.repo.ts';
import { setConversationAtSend } from '../whatsapp/webhook.repo.ts';
import type { ChannelDriver, OutboundMessage } from './driver.ts';

export const SANDBOX_REASONS = {
  failed: 'Sandbox: delivery failed',
  rejected: 'Sandbox: recipient number rejected',
  undelivered: 'Sandbox: message could not be delivered to the handset',
  rna: 'Sandbox: ring, no answer',
  user_busy: 'Sandbox: user busy',
  bounce: 'Sandbox: mailbox bounced the message',
  unsubscribe: 'Sandbox: recipient unsubscribed',
} as const;

/** One simulated carrier callback: the status it reports and its reason. */
export interface SandboxCallback {
  status: MessageStatus;
  reason: string | null;
}

const ok = (...statuses: MessageStatus[]): SandboxCallback[] => statuses.map((status) => ({ status, reason: null }));
const fail = (status: MessageStatus, reason: string): SandboxCallback => ({ status, reason });

function phonePlan(channel: Exclude<ChannelId, 'email'>, number: string): SandboxCallback[] {
  const magic = number.slice(-4);
  switch (channel) {
    case 'whatsapp':
      if (magic === '0001') return [fail('failed', SANDBOX_REASONS.failed)];
      if (magic === '0002') return [fail('rejected', SANDBOX_REASONS.rejected)];
      if (magic === '0004') return ok('sent');
      return ok('sent', 'delivered', 'read');
    case 'sms':
    case 'sms_otp':
      if (magic === '0001') return [fail('failed', SANDBOX_REASONS.failed)];
      if (magic === '0002') return [fail('rejected', SANDBOX_REASONS.rejected)];
      if (magic === '0003') return [...ok('sent'), fail('undelivered', SANDBOX_REASONS.undelivered)];
      if (magic === '0004') return ok('sent');
      return ok('sent', 'delivered');
    case 'call':
      if (magic === '0001') return [fail('failed', SANDBOX_REASONS.failed)];
      if (magic === '0005') return [fail('rna', SANDBOX_REASONS.rna)];
      if (magic === '0006') return [fail('user_busy', SANDBOX_REASONS.user_busy)];
      return ok('in_call', 'answered');
    case 'voice_otp':
      if (magic === '0001') return [fail('failed', SANDBOX_REASONS.failed)];
      return ok('submitted', 'success');
  }
}

function emailPlan(address: string): SandboxCallback[] {
  const local = address.split('@')[0]!.toLowerCase();
  if (local.includes('+bounce')) return [fail('failed', SANDBOX_REASONS.bounce)];
  if (local.includes('+unsub')) return [...ok('delivered'), fail('unsubscribe', SANDBOX_REASONS.unsubscribe)];
  if (local.includes('+click')) return ok('delivered', 'opened', 'clicked');
  if (local.includes('+open')) return ok('delivered', 'opened');
  return ok('delivered');
}

/**
 * The callbacks the simulated carrier sends for a message to `recipient` on `channel`, in order,
 * after the dispatcher queued it (`in_queue`). Pure and deterministic.
 */
export function sandboxCallbacks(channel: ChannelId, recipient: string): SandboxCallback[] {
  return channel === 'email' ? emailPlan(recipient) : phonePlan(channel, recipient);
}

/**
 * Every status a sandbox message moves through after acceptance: `in_queue` (the dispatcher's,
 * where the channel has it after its initial status) then the carrier's callbacks. For demo data
 * and tests that replay whole lifecycles.
 */
export function sandboxLifecycle(channel: ChannelId, recipient: string): SandboxCallback[] {
  const queued = initialStatus(channel) !== 'in_queue' && LIFECYCLES[channel].includes('in_queue');
  return [...(queued ? ok('in_queue') : []), ...sandboxCallbacks(channel, recipient)];
}

/** The carrier id the sandbox gives message `messageId`. */
export const sandboxMessageId = (messageId: string) => `sandbox-${messageId}`;

/**
 * The sandbox driver: `send` accepts at once and schedules the first callback of the message's plan
 * (`scheduleFirstStep`, engine/sandbox-steps.ts scheduleFirstSandboxStep) before it answers, as a
 * carrier that took the message would: its callbacks name the message by id, so they need not wait
 * for the carrier id to be stored, and a crash between the send and that store can no longer leave
 * a sent message with no callback to come (the message is sent again after its lease; a step
 * scheduled twice is kept once, a status reported twice is ignored).
 */
export function createSandboxDriver(deps: { scheduleFirstStep: (message: Pick<OutboundMessage, 'id' | 'createdAt' | 'organizationId'>) => Promise<void>; db?: Db }): ChannelDriver {
  return {
    name: 'sandbox',
    channels: CHANNEL_IDS,
    async send(message) {
      if (deps.db && message.channel === 'whatsapp') await setConversationAtSend(deps.db, message.id, await sandboxConversation(deps.db, message));
      if (sandboxCallbacks(message.channel, message.recipient).length) await deps.scheduleFirstStep(message);
      return { providerMessageId: sandboxMessageId(message.id) };
    },
  };
}

/**
 * The conversation a sandbox WhatsApp message opens, as the Cloud driver records it
 * (templates-dashboard-reports.md §3 session figures): a template opens a business-initiated
 * conversation of the template's category (lower-case; `utility` when the template is gone); free
 * text is a user-initiated `service` conversation.
 */
export async function sandboxConversation(db: Db, message: Pick<OutboundMessage, 'applicationId' | 'body'>): Promise<{ category: string; initiator: 'business' | 'user' }> {
  const template = message.body['template'] as { name?: unknown; language?: unknown } | undefined;
  if (!template || typeof template.name !== 'string') return { category: 'service', initiator: 'user' };
  const found = typeof template.language === 'string' ? await findTemplate(db, message.applicationId, template.name, template.language) : null;
  return { category: (found?.category ?? 'UTILITY').toLowerCase(), initiator: 'business' };
}
