/**
 * Message statuses and per-channel delivery lifecycles (ARCHITECTURE.md §6; console.md §4).
 * Lifecycles never move backwards; `read`/`opened`/`clicked` may follow `delivered`.
 */
import type { ChannelId } from './channels.ts';

export const MESSAGE_STATUSES = [
  'submitted', 'in_queue', 'processed', 'sent', 'delivered', 'read', 'rejected', 'undelivered', 'failed',
  'in_call', 'rna', 'answered', 'user_busy', 'opened', 'clicked', 'unsubscribe', 'success',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Happy-path order of each channel's lifecycle; the first entry is the status at acceptance. */
export const LIFECYCLES: Record<ChannelId, readonly MessageStatus[]> = {
  whatsapp: ['submitted', 'in_queue', 'sent', 'delivered', 'read'],
  sms: ['submitted', 'in_queue', 'sent', 'delivered'],
  sms_otp: ['submitted', 'in_queue', 'sent', 'delivered'],
  email: ['submitted', 'in_queue', 'delivered', 'opened', 'clicked'],
  call: ['in_queue', 'in_call', 'answered'],
  voice_otp: ['in_queue', 'submitted', 'success'],
};

/** Terminal failure statuses per channel. */
export const FAILURE_STATUSES: Record<ChannelId, readonly MessageStatus[]> = {
  whatsapp: ['failed', 'rejected'],
  sms: ['undelivered', 'failed', 'rejected'],
  sms_otp: ['undelivered', 'failed', 'rejected'],
  email: ['failed', 'unsubscribe'],
  call: ['rna', 'user_busy', 'failed'],
  voice_otp: ['failed'],
};

/** Status a message has when the /v1 API accepts it. */
export function initialStatus(channel: ChannelId): MessageStatus {
  return LIFECYCLES[channel][0];
}

/**
 * Whether moving from `from` to `to` is allowed on `channel`: forward along the lifecycle, or
 * from a non-final status (not a failure, not the end of the happy path) to one of the channel's
 * failure statuses. Never backwards.
 */
export function canTransition(channel: ChannelId, from: MessageStatus, to: MessageStatus): boolean {
  const path = LIFECYCLES[channel];
  const i = path.indexOf(from);
  const j = path.indexOf(to);
  if (FAILURE_STATUSES[channel].includes(from)) return false;
  if (j >= 0) return i >= 0 && j > i;
  return FAILURE_STATUSES[channel].includes(to) && i >= 0 && i < path.length - 1;
}

/**
 * The statuses to record when a carrier reports `to` for a message at `from` (ARCHITECTURE.md
 * §6.1): `[to]` for a direct step or a failure; the skipped lifecycle steps then `to` when `to`
 * lies further along the happy path (`read` reported before `delivered` records delivered, read);
 * null when the report must be ignored (same status again, backwards, or the message is final).
 */
export function statusSteps(channel: ChannelId, from: MessageStatus, to: MessageStatus): MessageStatus[] | null {
  if (!canTransition(channel, from, to)) return null;
  const path = LIFECYCLES[channel];
  const j = path.indexOf(to);
  if (j < 0) return [to];
  return path.slice(path.indexOf(from) + 1, j + 1) as MessageStatus[];
}

/** Statuses that mean the carrier took the message: from then on it is billable (ARCHITECTURE.md §6.1). */
export const CARRIER_ACCEPTED_STATUSES: readonly MessageStatus[] = ['sent', 'delivered', 'read', 'opened', 'clicked', 'in_call', 'answered', 'success'];

/**
 * The quota refund rule (ARCHITECTURE.md §6.1, README "Quota"): a message that ends in one of its
 * channel's failure statuses without ever reaching a carrier-accepted status (CARRIER_ACCEPTED_STATUSES)
 * gets its prepaid quota back: rejected or failed before sending, a bounced e-mail refused at the
 * relay, a call that was never connected (failed, rna, user_busy), a Voice OTP that failed. A
 * failure after the carrier took the message (undelivered SMS, unsubscribe after delivery) is billed.
 * `reached` lists every status the message has had, `final` the status it ends in.
 */
export function refundsQuota(channel: ChannelId, reached: readonly MessageStatus[], final: MessageStatus): boolean {
  return FAILURE_STATUSES[channel].includes(final) && !reached.some((s) => CARRIER_ACCEPTED_STATUSES.includes(s));
}

/** Human label of a status for badges and filters: 'in_queue' -> 'In Queue'. */
export function statusLabel(status: string): string {
  return status.split('_').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}

/** Badge colour per status (console.md §4 status badges). */
export const STATUS_COLORS: Record<MessageStatus, string> = {
  read: 'teal', delivered: 'green', answered: 'green', success: 'green', opened: 'cyan', clicked: 'indigo',
  sent: 'blue', processed: 'blue', in_call: 'blue', submitted: 'gray', in_queue: 'yellow',
  rejected: 'red', undelivered: 'orange', failed: 'red', rna: 'orange', user_busy: 'orange', unsubscribe: 'grape',
};

/**
 * Monitoring status filter per channel (console.md §4). 'all' means no filter.
 * Sent and Undelivered are added where the channel can reach them, so every status is filterable.
 */
export const MONITORING_FILTERS: Record<ChannelId, readonly ('all' | MessageStatus)[]> = {
  whatsapp: ['all', 'read', 'rejected', 'failed', 'submitted', 'in_queue', 'sent', 'delivered'],
  sms: ['all', 'submitted', 'in_queue', 'sent', 'delivered', 'undelivered', 'failed', 'rejected'],
  sms_otp: ['all', 'failed', 'submitted', 'in_queue', 'sent', 'delivered', 'undelivered', 'rejected'],
  email: ['all', 'opened', 'clicked', 'failed', 'submitted', 'in_queue', 'unsubscribe', 'delivered'],
  call: ['all', 'failed', 'in_queue', 'in_call', 'rna', 'user_busy', 'answered'],
  voice_otp: ['all', 'failed', 'in_queue', 'submitted', 'success'],
};
