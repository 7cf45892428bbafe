/**
 * The interface languages (ARCHITECTURE.md §10, issue 15): English and Indonesian, and how a
 * request's `Accept-Language` header picks one. No zod here: the web app's first load imports this
 * module (issue 10).
 */

/** The interface languages (ARCHITECTURE.md §10): English and Indonesian. */
export const UI_LANGUAGES = ['en', 'id'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Whether `v` is one of the interface languages ('en', 'id'). */
export const isUiLanguage = (v: unknown): v is UiLanguage => typeof v === 'string' && (UI_LANGUAGES as readonly string[]).includes(v);

/**
 * The interface language an `Accept-Language` header prefers (RFC 9110 §12.5.4): the first of its
 * ranges by q-value whose primary subtag is `en` or `id` (`in`, the old code, counts as `id`).
 * Returns null when the header is missing or names neither, so the caller falls back (English).
 * Example: `'id-ID,id;q=0.9,en;q=0.8'` → 'id'; `'fr, en;q=0.5'` → 'en'; `'*'` → null.
 */
export function pickLanguage(acceptLanguage: string | undefined | null): UiLanguage | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranges) {
    const lang = r.primary === 'in' ? 'id' : r.primary;
    if (isUiLanguage(lang)) return lang;
  }
  return null;
}
