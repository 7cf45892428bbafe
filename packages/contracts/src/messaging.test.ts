import { describe, expect, it } from 'vitest';
import { emailBodySchema, quotaCost, smsBodySchema, voiceOtpBodySchema, whatsappBodySchema } from './messaging.ts';

describe('quotaCost (ARCHITECTURE.md §6, console.md §3)', () => {
  it.each([
    ['whatsapp', { templateCategory: 'UTILITY' }, 'wa_utility', 1],
    ['whatsapp', { templateCategory: 'AUTHENTICATION' }, 'wa_authentication', 1],
    ['whatsapp', { templateCategory: 'MARKETING' }, 'wa_marketing', 1],
    ['whatsapp', {}, 'wa_marketing', 1],
    ['sms', { totalSms: 3 }, 'sms', 3],
    ['sms_otp', { totalSms: 2 }, 'sms_otp', 1],
    ['email', {}, 'email', 1],
    ['call', {}, 'call', 60],
    ['voice_otp', {}, 'call', 60],
  ] as const)('%s %j -> %s %i', (channel, opts, type, cost) => {
    expect(quotaCost(channel, opts)).toEqual({ type, cost });
  });
});

describe('/v1 body schemas', () => {
  it('refuses unknown fields', () => {
    expect(smsBodySchema.safeParse({ to: '0812', text: 'x', foo: 1 }).success).toBe(false);
    expect(smsBodySchema.safeParse({ to: '0812', text: 'x', sender_id: 'PESAN' }).success).toBe(true);
  });
  it('takes a WhatsApp template or a text, not neither', () => {
    expect(whatsappBodySchema.safeParse({ to: '0812', text: 'x' }).success).toBe(true);
    expect(whatsappBodySchema.safeParse({ to: '0812', template: { name: 'a', language: 'en' } }).success).toBe(true);
    expect(whatsappBodySchema.safeParse({ to: '0812' }).success).toBe(false);
  });
  it('defaults Voice OTP code_length to 4 and bounds it to 4–6', () => {
    expect(voiceOtpBodySchema.parse({ to: '0812' }).code_length).toBe(4);
    expect(voiceOtpBodySchema.safeParse({ to: '0812', code_length: 3 }).success).toBe(false);
    expect(voiceOtpBodySchema.safeParse({ to: '0812', code_length: 6 }).success).toBe(true);
  });
  it('needs an e-mail address and html or text', () => {
    expect(emailBodySchema.safeParse({ to: 'a@b.co', subject: 's', html: '<p/>' }).success).toBe(true);
    expect(emailBodySchema.safeParse({ to: 'a@b.co', subject: 's' }).success).toBe(false);
    expect(emailBodySchema.safeParse({ to: 'nope', subject: 's', text: 'x' }).success).toBe(false);
  });
});
