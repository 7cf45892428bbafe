/**
 * A channel provider (ARCHITECTURE.md §1: sandbox | smtp | whatsapp-cloud | smpp). Given an accepted
 * message, it says which lifecycle steps the message goes through after its initial status.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';

/** One lifecycle step: the status to move to, and the reason stored with it (failures). */
export interface LifecycleStep {
  to: MessageStatus;
  reason: string | null;
}

/** What a provider needs to know about a message. `recipient` is E.164 or an e-mail address. */
export interface ProviderMessage {
  id: string;
  channel: ChannelId;
  recipient: string;
}

export interface ChannelProvider {
  name: string;
  /** The ordered steps after the initial status; the last one is the final status. Pure and deterministic. */
  plan(message: ProviderMessage): LifecycleStep[];
}
