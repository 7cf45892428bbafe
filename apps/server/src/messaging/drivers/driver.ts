/**
 * The channel driver contract (ARCHITECTURE.md §6.1). A driver sends; it never decides a message's
 * status by itself: what the carrier says comes back through recordStatus.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';

/** A message handed to a driver: the accepted request body as validated by /v1. */
export interface OutboundMessage {
  id: string;
  /** When it was accepted (its partition key: a write back to the message names it). */
  createdAt: Date;
  organizationId: string;
  applicationId: string;
  channel: ChannelId;
  /** E.164 number, or the e-mail address on the email channel. */
  recipient: string;
  body: Record<string, unknown>;
  templateName: string | null;
  /**
   * Per-sender pacing (ARCHITECTURE.md §6.1): resolves when this process may put the message's next
   * request on the wire (one per SMPP segment). A paced driver awaits it right before each carrier
   * request, so nothing between the wait and the network can bunch sends together.
   */
  awaitTurn?: () => Promise<void>;
}

/** What a carrier answered to a send: its id for later callbacks, and a status when it already knows one. */
export interface SendResult {
  /** The carrier's id of the message (of its first segment when sent in several parts). */
  providerMessageId: string;
  /**
   * When the carrier took the message as several parts (an SMPP long SMS sent as one submit_sm per
   * segment): every part's carrier id in segment order, the first being `providerMessageId`.
   * Receipts name a part; the message's status follows once every part has a final receipt.
   */
  segmentIds?: string[];
  status?: MessageStatus;
  reason?: string | null;
  providerCode?: string | null;
}

/** Where a message is paced (ARCHITECTURE.md §6.1): a lane (one WhatsApp number, one SMSC account) and its rate. */
export interface PacingLane {
  /** Names the lane across processes, e.g. `wa:<phone_number_id>`, `smpp:<system_id>@<host>`. */
  key: string;
  /** Requests per second on the lane. */
  perSecond: number;
  /** Requests this message takes on the lane (its SMS segments over SMPP); absent = 1. */
  units?: number;
}

/** What a driver may look at to choose a message's lane before the message is stored. */
export interface PacingInput {
  organizationId: string;
  applicationId: string;
  channel: ChannelId;
  /** SMS segments of the message (each is one request to an SMSC); absent = 1. */
  totalSms?: number | null;
}

export interface ChannelDriver {
  name: 'sandbox' | 'smtp' | 'whatsapp-cloud' | 'smpp';
  channels: readonly ChannelId[];
  /**
   * Hands the message to the carrier. Resolves with the carrier's id for later callbacks.
   * @throws DriverError: retryable errors back off and retry, others fail the message.
   */
  send(message: OutboundMessage): Promise<SendResult>;
  /** The lane a message of this application is paced in, or null (unpaced, e.g. the sandbox). */
  pacing?(input: PacingInput): Promise<PacingLane | null>;
  /**
   * Opens what the driver keeps for the process's life (the SMPP bind, so receipts arrive without
   * a send). Called once by the worker role at start; must not throw when the carrier is down
   * (connect in the background and retry).
   */
  start?(): Promise<void>;
  /** Closes connections (SMTP pools, the SMPP bind); a later send opens them again. */
  close?(): Promise<void> | void;
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
