import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, avatarInitials } from './avatar-utils.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('avatarInitials', () => {
  it('takes the first letters of the first and last words of the full name', () => {
    expect(avatarInitials('Rina Wijaya')).toBe('RW');
    expect(avatarInitials('  rina  ayu   wijaya ')).toBe('RW');
    expect(avatarInitials('Rina')).toBe('R');
  });
  it('falls back to the e-mail local part when the name is empty', () => {
    expect(avatarInitials('', 'budi.santoso@example.com')).toBe('BS');
    expect(avatarInitials(null, 'demo@pesan.local')).toBe('D');
  });
  it('returns ? when there is nothing to show', () => {
    expect(avatarInitials('', '')).toBe('?');
    expect(avatarInitials(undefined, undefined)).toBe('?');
  });
});

describe('avatarColor', () => {
  it('is stable for the same text and case-insensitive', () => {
    expect(avatarColor('Rina Wijaya')).toBe(avatarColor('rina wijaya'));
    expect(AVATAR_COLORS).toContain(avatarColor('anything'));
  });
  it('spreads different texts over several colours', () => {
    const names = ['Rina', 'Budi', 'Sari', 'Agus', 'Dewi', 'Eko', 'Fitri', 'Joko', 'Lina', 'Made', 'Nur', 'Putu'];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThanOrEqual(5);
  });
  it('keeps white initials readable (contrast >= 4.5:1) on every colour', () => {
    for (const c of AVATAR_COLORS) expect((1.05 / (luminance(c) + 0.05)), c).toBeGreaterThanOrEqual(4.5);
  });
});
