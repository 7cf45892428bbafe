/**
 * The catalogues are complete in both languages (ARCHITECTURE.md §10, issue 15): every namespace
 * has an English and an Indonesian file, every key of one exists in the other (plural forms count
 * as their base key: Indonesian has only `_other`), both use the same {{variables}} and <tags>,
 * and no text is empty.
 */
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n.ts';

type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const catalogue = (lng: string, ns: string) => files[`./${lng}/${ns}.json`];

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** key → text, with nested keys joined by '.'. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Base keys (plural suffix removed) → the union of their texts' variables and tags. */
function shape(tree: Tree): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of flatten(tree)) {
    const base = key.replace(PLURAL, '');
    const marks = out.get(base) ?? new Set<string>();
    for (const m of text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/?(\w+)\s*\/?>/g)) marks.add(m[1] ? `{{${m[1]}}}` : `<${m[2]}>`);
    out.set(base, marks);
  }
  return out;
}

describe('catalogues', () => {
  it('has no file for an unknown namespace', () => {
    const names = new Set(Object.keys(files).map((f) => f.split('/')[2]!.replace(/\.json$/, '')));
    expect([...names].filter((n) => !(NAMESPACES as readonly string[]).includes(n))).toEqual([]);
  });

  describe.each(NAMESPACES.map((ns) => [ns]))('%s', (ns) => {
    const en = catalogue('en', ns);
    const id = catalogue('id', ns);

    it('exists in English and Indonesian', () => {
      expect(en, `locales/en/${ns}.json`).toBeDefined();
      expect(id, `locales/id/${ns}.json`).toBeDefined();
    });

    it('has the same keys, variables and tags in both languages', () => {
      if (!en || !id) return expect.unreachable('a catalogue is missing');
      const a = shape(en);
      const b = shape(id);
      expect([...a.keys()].filter((k) => !b.has(k)), 'keys only in English').toEqual([]);
      expect([...b.keys()].filter((k) => !a.has(k)), 'keys only in Indonesian').toEqual([]);
      const mismatched = [...a].filter(([k, marks]) => [...marks].sort().join() !== [...(b.get(k) ?? [])].sort().join()).map(([k]) => k);
      expect(mismatched, 'keys whose {{variables}} or <tags> differ').toEqual([]);
    });

    it('has no empty text', () => {
      for (const tree of [en, id]) {
        if (!tree) continue;
        expect([...flatten(tree)].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
      }
    });

    it('gives English plurals their one and other forms', () => {
      if (!en) return;
      const keys = [...flatten(en).keys()];
      const missing = keys.filter((k) => k.endsWith('_one') && !keys.includes(k.replace(/_one$/, '_other')));
      expect(missing).toEqual([]);
    });
  });
});
