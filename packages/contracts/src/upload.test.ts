import { describe, expect, it } from 'vitest';
import { TEMPLATE_MEDIA_MESSAGES, TEMPLATE_MEDIA_QUOTA, TEMPLATE_MEDIA_TYPES, templateMediaHandle, templateMediaName } from './upload.ts';

describe('template media', () => {
  it('has Meta’s header sample limits: JPEG/PNG 5 MB, MP4 16 MB, PDF 100 MB; 500 MB per organization', () => {
    const MB = 1024 * 1024;
    expect(Object.fromEntries(Object.entries(TEMPLATE_MEDIA_TYPES).map(([mime, t]) => [mime, t.maxBytes / MB]))).toEqual({
      'image/jpeg': 5,
      'image/png': 5,
      'video/mp4': 16,
      'application/pdf': 100,
    });
    expect(TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization).toBe(500 * MB);
    expect(TEMPLATE_MEDIA_MESSAGES.tooLarge('application/pdf')).toBe('This PDF document is too large: a PDF document can be at most 100 MB');
  });

  it.each([
    ['0123456789abcdef0123456789abcdef.png', 'image/png'],
    ['fedcba9876543210fedcba9876543210.jpg', 'image/jpeg'],
    ['00000000000000000000000000000000.mp4', 'video/mp4'],
    ['ffffffffffffffffffffffffffffffff.pdf', 'application/pdf'],
  ])('makes a Meta-like handle for %s and reads the name back', (name, mime) => {
    const handle = templateMediaHandle(name, mime);
    expect(handle).toMatch(/^4::[A-Za-z0-9+/=]+:[A-Za-z0-9_-]+$/);
    expect(handle.split(':')[2]).toBe(btoa(mime));
    expect(templateMediaName(handle)).toBe(name);
  });

  it('reads nothing from other handles: Meta’s own, URLs, other names', () => {
    for (const handle of [
      '4::dmlkZW8vbXA0:ARb8VQ0wLqk8ZxM3Yh0bU',
      'https://cdn.example.com/a.png',
      '',
      templateMediaHandle('../../etc/passwd', 'image/png'),
      templateMediaHandle('0123456789abcdef0123456789abcdef.svg', 'image/svg+xml'),
    ]) {
      expect(templateMediaName(handle), handle).toBeNull();
    }
  });
});
