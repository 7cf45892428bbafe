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

describe('statusSteps and the refund rule (recordStatus, ARCHITECTURE.md §6.1)', () => {
  it('records skipped steps, a direct failure, and ignores duplicates, backwards moves and finals', async () => {
    const { statusSteps } = await import('./statuses.ts');
    expect(statusSteps('whatsapp', 'in_queue', 'sent')).toEqual(['sent']);
    expect(statusSteps('whatsapp', 'sent', 'read')).toEqual(['delivered', 'read']);
    expect(statusSteps('email', 'delivered', 'clicked')).toEqual(['opened', 'clicked']);
    expect(statusSteps('sms', 'submitted', 'failed')).toEqual(['failed']);
    expect(statusSteps('sms', 'sent', 'undelivered')).toEqual(['undelivered']);
    expect(statusSteps('sms', 'sent', 'sent')).toBeNull();
    expect(statusSteps('sms', 'delivered', 'sent')).toBeNull();
    expect(statusSteps('sms', 'failed', 'delivered')).toBeNull();
    expect(statusSteps('sms', 'delivered', 'failed')).toBeNull();
    expect(statusSteps('call', 'in_queue', 'answered')).toEqual(['in_call', 'answered']);
    expect(statusSteps('voice_otp', 'in_queue', 'success')).toEqual(['submitted', 'success']);
  });

  it('refunds failures the carrier never took, bills the others', async () => {
    const { refundsQuota } = await import('./statuses.ts');
    expect(refundsQuota('sms', ['submitted', 'in_queue'], 'rejected')).toBe(true);
    expect(refundsQuota('sms', ['submitted', 'in_queue', 'sent'], 'undelivered')).toBe(false);
    expect(refundsQuota('email', ['submitted', 'in_queue'], 'failed')).toBe(true);
    expect(refundsQuota('email', ['submitted', 'in_queue', 'delivered'], 'unsubscribe')).toBe(false);
    expect(refundsQuota('call', ['in_queue'], 'rna')).toBe(true);
    expect(refundsQuota('call', ['in_queue', 'in_call'], 'failed')).toBe(false);
    expect(refundsQuota('whatsapp', ['submitted', 'in_queue', 'sent', 'delivered'], 'read')).toBe(false);
  });
});
