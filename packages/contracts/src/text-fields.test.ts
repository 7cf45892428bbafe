import { describe, expect, it } from 'vitest';
import { applicationNameSchema, createApplicationSchema } from './application.ts';
import { registerSchema } from './auth.ts';
import { organizationSchema } from './organization.ts';
import { hasControlCharacter, hasVisibleCharacter } from './text-fields.ts';

describe('single-line text fields (issue 23 item 24)', () => {
  it('finds control characters: C0, DEL, C1, line separators; line breaks only where lines are allowed', () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\t', '\n', '\r', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029']) expect([c, hasControlCharacter(`a${c}b`)]).toEqual([c, true]);
    for (const c of ['\t', '\n', '\r']) expect([c, hasControlCharacter(`a${c}b`, true)]).toEqual([c, false]);
    for (const c of ['\u001b', '\u0007', '\u009b']) expect([c, hasControlCharacter(`a${c}b`, true)]).toEqual([c, true]);
    expect(hasControlCharacter('Toko Maju 😀 café مرحبا')).toBe(false);
  });

  it('finds names that show nothing', () => {
    for (const s of ['\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u3164', '\u115f\u1160', '\u00ad', '\u200e\u200f', '\u2800', '\ufe0f', ' \u00a0\u3000']) expect([s, hasVisibleCharacter(s)]).toEqual([s, false]);
    for (const s of ['a', '😀', '\u200bx', '👨‍👩‍👧', 'é', '١']) expect([s, hasVisibleCharacter(s)]).toEqual([s, true]);
  });

  it('the shared schemas refuse them with the field named', () => {
    const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(message(applicationNameSchema.safeParse('\u001b[2JApp'))).toBe('Application name must not contain control characters');
    expect(message(applicationNameSchema.safeParse('\u200b\u200d'))).toBe('Application name must contain at least one visible character');
    expect(applicationNameSchema.safeParse('  Toko 😀  ').data).toBe('Toko 😀');
    expect(message(createApplicationSchema.safeParse({ applicationName: 'A', channels: [{ channel: 'sms', senderName: 'X\u0007' }] }))).toBe('Sender name must not contain control characters');
    const person = { email: 'a@example.com', phoneNumber: '081234567890', password: 'Abcdef#12345', confirmPassword: 'Abcdef#12345' };
    expect(message(registerSchema.safeParse({ ...person, fullName: 'Ann\u001b]0;x\u0007' }))).toBe('Full Name must not contain control characters');
    const org = { business_phone: '081234567890', business_address: 'Jl. 1\nJakarta', website_url: '' };
    expect(organizationSchema.safeParse({ ...org, business_name: 'Org' }).success).toBe(true);
    expect(message(organizationSchema.safeParse({ ...org, business_name: '\u2060' }))).toBe('Business unit name must contain at least one visible character');
  });
});
