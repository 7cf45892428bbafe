/**
 * Sandbox provider, the default for every channel (ARCHITECTURE.md §6 "Sandbox provider"): nothing
 * leaves the server; magic recipients pick the outcome so anyone can try every status.
 * Phone numbers ending 0001 fail, 0002 are rejected, 0003 are undelivered, 0004 stay at `sent`,
 * 0005 give `rna` on calls, 0006 give `user_busy`; others are delivered (WhatsApp then read) or
 * answered. E-mail local parts containing +bounce fail, +open are opened, +click are opened then
 * clicked, +unsub unsubscribe; others are delivered.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { ChannelProvider, LifecycleStep, ProviderMessage } from './provider.ts';

export const SANDBOX_REASONS = {
  failed: 'Sandbox: delivery failed',
  rejected: 'Sandbox: recipient number rejected',
  undelivered: 'Sandbox: message could not be delivered to the handset',
  rna: 'Sandbox: ring, no answer',
  user_busy: 'Sandbox: user busy',
  bounce: 'Sandbox: mailbox bounced the message',
  unsubscribe: 'Sandbox: recipient unsubscribed',
} as const;

const ok = (...statuses: MessageStatus[]): LifecycleStep[] => statuses.map((to) => ({ to, reason: null }));
const fail = (to: MessageStatus, reason: string): LifecycleStep => ({ to, reason });

function phonePlan(channel: Exclude<ChannelId, 'email'>, number: string): LifecycleStep[] {
  const magic = number.slice(-4);
  switch (channel) {
    case 'whatsapp':
      if (magic === '0001') return [...ok('in_queue'), fail('failed', SANDBOX_REASONS.failed)];
      if (magic === '0002') return [...ok('in_queue'), fail('rejected', SANDBOX_REASONS.rejected)];
      if (magic === '0004') return ok('in_queue', 'sent');
      return ok('in_queue', 'sent', 'delivered', 'read');
    case 'sms':
    case 'sms_otp':
      if (magic === '0001') return [...ok('in_queue'), fail('failed', SANDBOX_REASONS.failed)];
      if (magic === '0002') return [...ok('in_queue'), fail('rejected', SANDBOX_REASONS.rejected)];
      if (magic === '0003') return [...ok('in_queue', 'sent'), fail('undelivered', SANDBOX_REASONS.undelivered)];
      if (magic === '0004') return ok('in_queue', 'sent');
      return ok('in_queue', 'sent', 'delivered');
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

function emailPlan(address: string): LifecycleStep[] {
  const local = address.split('@')[0]!.toLowerCase();
  if (local.includes('+bounce')) return [...ok('in_queue'), fail('failed', SANDBOX_REASONS.bounce)];
  if (local.includes('+unsub')) return [...ok('in_queue', 'delivered'), fail('unsubscribe', SANDBOX_REASONS.unsubscribe)];
  if (local.includes('+click')) return ok('in_queue', 'delivered', 'opened', 'clicked');
  if (local.includes('+open')) return ok('in_queue', 'delivered', 'opened');
  return ok('in_queue', 'delivered');
}

/** The sandbox provider: `plan` maps a recipient to its magic outcome (see the file comment). */
export const sandboxProvider: ChannelProvider = {
  name: 'sandbox',
  plan(message: ProviderMessage): LifecycleStep[] {
    return message.channel === 'email' ? emailPlan(message.recipient) : phonePlan(message.channel, message.recipient);
  },
};
