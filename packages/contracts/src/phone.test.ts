import { describe, expect, it } from 'vitest';
import { normalisePhone, searchPhonePrefix } from './phone.ts';

describe('normalisePhone (ARCHITECTURE.md §6)', () => {
  it.each([
    ['081234567890', '+6281234567890', 'ID'],
    ['0812-3456-7890', '+6281234567890', 'ID'],
    ['6281234567890', '+6281234567890', 'ID'],
    ['+62 812 3456 7890', '+6281234567890', 'ID'],
    ['(021) 5550123', '+62215550123', 'ID'],
    ['+1 415 555 2671', '+14155552671', 'US'],
    ['+44 20 7946 0958', '+442079460958', 'GB'],
    ['+65 8123 4567', '+6581234567', 'SG'],
  ])('%s -> %s (%s)', (input, e164, country) => {
    expect(normalisePhone(input)).toEqual({ e164, country });
  });

  it.each(['', 'abc', '12ab', '0812', '+', '+62', '081234567890123456789', 'tel:+6281234567890'])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe('searchPhonePrefix', () => {
  it('rewrites only a leading 0 to 62', () => {
    expect(searchPhonePrefix('0812')).toBe('62812');
    expect(searchPhonePrefix('62812')).toBe('62812');
    expect(searchPhonePrefix('8120')).toBe('8120');
  });
});
