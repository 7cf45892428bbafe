/**
 * The channel driver contract (ARCHITECTURE.md §6.1). A driver sends; it never decides a message's
 * status by itself: what the carrier says comes back through recordStatus.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';

/** A message handed to a driver: the accepted request body as validated by /v1. */
export interface OutboundMessage {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: ChannelId;
  /** E.164 number, or the e-mail address on the email channel. */
  recipient: string;
  body: Record<string, unknown>;
  templateName: string | null;
}

/** What a carrier answered to a send: its id for later callbacks, and a status when it already knows one. */
export interface SendResult {
  providerMessageId: string;
  status?: MessageStatus;
  reason?: string | null;
  providerCode?: string | null;
}

export interface ChannelDriver {
  name: 'sandbox' | 'smtp' | 'whatsapp-cloud' | 'smpp';
  channels: readonly ChannelId[];
  /**
   * Hands the message to the carrier. Resolves with the carrier's id for later callbacks.
   * @throws DriverError: retryable errors back off and retry, others fail the message.
   */
  send(message: OutboundMessage): Promise<SendResult>;
  /** Called once the carrier's id is stored (callbacks can now find the message): the sandbox starts its simulated callbacks here. */
  afterAccepted?(message: OutboundMessage, providerMessageId: string): Promise<void>;
}

/** A send that did not go through: `retryable` (try again later) or permanent (the message fails with `reason`). */
export class DriverError extends Error {
  constructor(
    readonly retryable: boolean,
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}
