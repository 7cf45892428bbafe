import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from './channels.ts';
import { canTransition, FAILURE_STATUSES, initialStatus, LIFECYCLES, statusLabel } from './statuses.ts';

describe('lifecycles (ARCHITECTURE.md §6)', () => {
  it('starts each channel at its first lifecycle status', () => {
    expect(CHANNEL_IDS.map(initialStatus)).toEqual(['submitted', 'submitted', 'submitted', 'in_queue', 'in_queue', 'submitted']);
  });

  it('moves forward along the lifecycle, never backwards or to itself', () => {
    expect(canTransition('sms', 'submitted', 'in_queue')).toBe(true);
    expect(canTransition('sms', 'submitted', 'delivered')).toBe(true);
    expect(canTransition('sms', 'delivered', 'sent')).toBe(false);
    expect(canTransition('sms', 'sent', 'sent')).toBe(false);
    expect(canTransition('whatsapp', 'delivered', 'read')).toBe(true);
    expect(canTransition('email', 'opened', 'clicked')).toBe(true);
    expect(canTransition('email', 'clicked', 'opened')).toBe(false);
  });

  it('allows a failure from a non-final status and nothing after a failure', () => {
    for (const channel of CHANNEL_IDS) {
      for (const failure of FAILURE_STATUSES[channel]) {
        expect(canTransition(channel, initialStatus(channel), failure)).toBe(true);
        for (const next of LIFECYCLES[channel]) expect(canTransition(channel, failure, next)).toBe(false);
      }
    }
    expect(canTransition('sms', 'sent', 'undelivered')).toBe(true);
    expect(canTransition('email', 'delivered', 'unsubscribe')).toBe(true);
  });

  it('refuses statuses of other channels', () => {
    expect(canTransition('sms', 'submitted', 'read')).toBe(false);
    expect(canTransition('call', 'in_queue', 'rejected')).toBe(false);
    expect(canTransition('voice_otp', 'in_queue', 'answered')).toBe(false);
  });

  it('labels statuses', () => {
    expect(statusLabel('in_queue')).toBe('In Queue');
    expect(statusLabel('user_busy')).toBe('User Busy');
  });
});
