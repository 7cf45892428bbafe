import { describe, expect, it } from 'vitest';
import { maskRequestBody } from './records.ts';

describe('maskRequestBody (message detail, issue 9)', () => {
  it('masks OTP codes in SMS OTP texts and keeps the rest', () => {
    expect(maskRequestBody('sms_otp', { to: '+628123', text: 'Your code is 482913. Valid 5 min.' })).toEqual({ to: '+628123', text: 'Your code is ••••••. Valid 5 min.' });
  });
  it('masks the Voice OTP calling number after its first 5 characters', () => {
    expect(maskRequestBody('voice_otp', { to: '+628123', code_length: 4, calling_number: '+622112345678' })).toEqual({ to: '+628123', code_length: 4, calling_number: '+6221••••••••' });
  });
  it('masks WhatsApp button parameters always, and every parameter of an authentication template', () => {
    const body = { to: '+628', template: { name: 'otp', language: 'en', parameters: ['123456'], button_parameters: ['123456'] } };
    expect(maskRequestBody('whatsapp', body)).toEqual({ to: '+628', template: { name: 'otp', language: 'en', parameters: ['123456'], button_parameters: ['••••••'] } });
    expect(maskRequestBody('whatsapp', body, { authenticationTemplate: true })).toEqual({ to: '+628', template: { name: 'otp', language: 'en', parameters: ['••••••'], button_parameters: ['••••••'] } });
    const components = { to: '+628', template: { name: 'otp', language: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '4821' }] }] } };
    expect(maskRequestBody('whatsapp', components, { authenticationTemplate: true })).toEqual({
      to: '+628',
      template: { name: 'otp', language: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '••••' }] }] },
    });
  });
  it('leaves other channels and the input object alone', () => {
    const body = { to: 'a@b.co', subject: 'Code 1234', text: 'Code 1234' };
    expect(maskRequestBody('email', body)).toEqual(body);
    const sms = { to: '+62', text: 'Code 1234' };
    maskRequestBody('sms_otp', sms);
    expect(sms.text).toBe('Code 1234');
  });
});
