import { describe, expect, it } from 'vitest';
import { MENU, VERSIONS } from '../test/fixtures.tsx';
import { docPath, findDocPage, firstDocPage, pageInVersion, sidebarGroups, sortApiVersions } from './menu.ts';

const titles = (groups: ReturnType<typeof sidebarGroups>) => groups.map((g) => [g.group.title, g.children.map((c) => c.title)]);

describe('docs menu rules', () => {
  it('sorts versions by createdAt, oldest first, without touching the input', () => {
    expect(sortApiVersions(VERSIONS).map((v) => v.version)).toEqual(['v1', 'v2']);
    expect(VERSIONS[0]!.version).toBe('v2');
    const same = [
      { id: 'b', version: 'b', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'a', version: 'a', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'x', version: 'x', createdAt: 'not a date' },
      { id: 'o', version: 'o', createdAt: '2024-01-01T00:00:00.000+07:00' },
    ];
    expect(sortApiVersions(same).map((v) => v.id)).toEqual(['o', 'a', 'b', 'x']);
  });

  it('sorts groups by title and children by number, keeping only the chosen version', () => {
    expect(titles(sidebarGroups(MENU, 'ver-1'))).toEqual([
      ['Getting started', ['Access tokens', 'The key file', 'Signed requests']],
      ['Messages', ['Send an SMS', 'Send a WhatsApp message']],
      ['Webhooks', ['Status webhooks', 'Verify the signature']],
    ]);
    expect(titles(sidebarGroups(MENU, 'ver-2'))).toEqual([
      ['Getting started', ['Access tokens']],
      ['Messages', ['Batch send']],
    ]);
    expect(sidebarGroups(MENU, 'unknown')).toEqual([]);
    expect(sidebarGroups([], 'ver-1')).toEqual([]);
  });

  it('searches child titles trimmed and case-insensitively, dropping groups without a match', () => {
    expect(titles(sidebarGroups(MENU, 'ver-1', '  SEND '))).toEqual([['Messages', ['Send an SMS', 'Send a WhatsApp message']]]);
    expect(titles(sidebarGroups(MENU, 'ver-1', 'webhook'))).toEqual([['Webhooks', ['Status webhooks']]]);
    // Group titles are not searched.
    expect(sidebarGroups(MENU, 'ver-1', 'getting')).toEqual([]);
    expect(titles(sidebarGroups(MENU, 'ver-1', '   '))).toHaveLength(3);
  });

  it('finds the first page, a page by its ids, and the same page in another version', () => {
    expect(firstDocPage(MENU, 'ver-1')?.child.id).toBe('c-tokens');
    expect(firstDocPage(MENU, 'ver-2')?.child.id).toBe('c-tokens-2');
    expect(firstDocPage(MENU, 'nope')).toBeNull();
    const sms = findDocPage(MENU, 'g-msg', 'c-sms');
    expect(sms?.child.title).toBe('Send an SMS');
    expect(findDocPage(MENU, 'g-start', 'c-sms')).toBeNull();
    expect(findDocPage(MENU, 'g-x', 'c-sms')).toBeNull();
    expect(pageInVersion(MENU, 'ver-2', findDocPage(MENU, 'g-start', 'c-tokens'))?.child.id).toBe('c-tokens-2');
    expect(pageInVersion(MENU, 'ver-2', sms)?.child.id).toBe('c-tokens-2');
    expect(pageInVersion(MENU, 'ver-1', null)?.child.id).toBe('c-tokens');
    expect(docPath('g 1', 'c/2')).toBe('/docs/g%201/c%2F2');
  });
});
