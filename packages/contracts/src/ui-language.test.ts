import { describe, expect, it } from 'vitest';
import { pickLanguage } from './ui-language.ts';

describe('pickLanguage', () => {
  it.each([
    ['id-ID,id;q=0.9,en;q=0.8', 'id'],
    ['en-US,en;q=0.9,id;q=0.8', 'en'],
    ['fr, en;q=0.5, id;q=0.7', 'id'],
    ['in', 'id'],
    ['ID', 'id'],
    ['fr, de', null],
    ['*', null],
    ['id;q=0, en', 'en'],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang);
  });
});
