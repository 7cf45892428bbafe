/**
 * The boot script (issue 10, Lighthouse mobile): vite.config.ts writes `boot` with the build's
 * table of hot pages (app/hot-pages.ts) into assets/boot-<hash>.js, loaded `async` from the top of
 * index.html. It runs as soon as it arrives, long before the entry (React, the router) has
 * downloaded and run, and on a hot page starts loading the page's chunks (`modulepreload`, so
 * nothing runs before the entry), its stylesheets (`preload`), its catalogues in the language
 * lib/i18n.ts will most likely start in (the switch's stored choice, else the browser's first
 * English or Indonesian language, else English; `modulepreload`) and the GET answers its first
 * render waits for (kept for app/early-fetch.ts). On any other page it does nothing.
 *
 * `boot` is written out by its source text: it must not use anything from outside its body.
 */

/** One hot page as the boot script receives it. */
export interface BootPage {
  /** RegExp source matched against location.pathname. */
  path: string;
  /** Chunk URLs to modulepreload. */
  scripts: string[];
  /** Stylesheet URLs to preload. */
  styles: string[];
  /** Per language ('en', 'id'), the chunk URLs of the page's catalogues to modulepreload. */
  catalogues?: Record<string, string[]>;
  /** GET paths to fetch now; `$1` is the path's first group (one URL path segment). */
  fetch: string[];
}

/** Where the early answers wait: `globalThis[EARLY_FETCH_KEY]`, a Map of path to response promise. */
export const EARLY_FETCH_KEY = '__pesanEarlyFetch';

export function boot(pages: BootPage[]): void {
  const path = location.pathname;
  for (const page of pages) {
    const match = new RegExp(page.path).exec(path);
    if (!match) continue;
    // One insertion for all the links.
    const links = document.createDocumentFragment();
    const link = (href: string, rel: string, as?: string) => {
      const l = document.createElement('link');
      l.rel = rel;
      l.href = href;
      if (as) l.as = as;
      l.crossOrigin = '';
      links.appendChild(l);
    };
    page.scripts.forEach((href) => link(href, 'modulepreload'));
    // The language as lib/i18n.ts's detectLanguage picks it, near enough for a preload.
    let lang = '';
    try {
      lang = localStorage.getItem('pesan.language') ?? '';
    } catch {
      /* storage blocked */
    }
    if (lang !== 'en' && lang !== 'id') {
      const primary = (navigator.languages?.length ? navigator.languages : [navigator.language]).map((l) => (l ?? '').toLowerCase().split('-')[0]);
      const first = primary.find((l) => l === 'en' || l === 'id' || l === 'in');
      lang = first === 'id' || first === 'in' ? 'id' : 'en';
    }
    (page.catalogues?.[lang] ?? []).forEach((href) => link(href, 'modulepreload'));
    page.styles.forEach((href) => link(href, 'preload', 'style'));
    document.head.appendChild(links);
    const holder = globalThis as unknown as Record<string, Map<string, Promise<Response | undefined>>>;
    const early = (holder['__pesanEarlyFetch'] ??= new Map());
    for (const template of page.fetch) {
      let url: string;
      try {
        url = template.replace('$1', encodeURIComponent(decodeURIComponent(match[1] ?? '')));
      } catch {
        continue;
      }
      const answer = fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
      early.set(url, answer);
      // Not taken within 10 s: dropped, its body released.
      setTimeout(() => {
        if (early.get(url) !== answer) return;
        early.delete(url);
        void answer.then((res) => res?.body?.cancel()).catch(() => undefined);
      }, 10_000);
    }
    return;
  }
}
