/**
 * The docs page's description HTML, sanitised with DOMPurify (console.md §2 Docs layout: the server
 * sanitises too; the site never trusts it): no script, no event handler, no javascript: URL, no
 * form, no style sheet. Then made readable at 375 px: code blocks and tables scroll inside a region
 * a keyboard can reach (axe scrollable-region-focusable), links leaving the site open in a new tab
 * without a handle on this one, and images load lazily. A table without a caption is named 'Table'
 * in the interface language.
 */
import DOMPurify from 'dompurify';
import i18n from '../../../lib/i18n.ts';

type Purifier = ReturnType<typeof DOMPurify>;
type PageWindow = Window & typeof globalThis;
const purifiers = new WeakMap<PageWindow, Purifier>();

/** One DOMPurify instance of our own per window, so its hook does not touch anybody else's. */
function getPurifier(win: PageWindow): Purifier {
  const known = purifiers.get(win);
  if (known) return known;
  const purifier = DOMPurify(win);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href) && !href.startsWith(win.location.origin)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
      }
    }
    if (node.nodeName === 'IMG') node.setAttribute('loading', 'lazy');
  });
  purifiers.set(win, purifier);
  return purifier;
}

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'tabindex', 'autofocus'],
};

/**
 * `html` sanitised and made readable at 375 px (see the file comment), as an HTML string. `win`
 * is the page's window; tests pass a jsdom one (DOMPurify does not support happy-dom).
 */
export function sanitizeDocHtml(html: string, win: PageWindow = window): string {
  const purifier = getPurifier(win);
  // Without the DOM features it needs DOMPurify would hand the input back: show it as text instead.
  if (!purifier.isSupported) return escapeHtml(html);
  const fragment = purifier.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  fragment.querySelectorAll('pre').forEach((pre) => pre.setAttribute('tabindex', '0'));
  fragment.querySelectorAll('table').forEach((table) => {
    const wrap = win.document.createElement('div');
    wrap.className = 'pesan-doc-table';
    wrap.setAttribute('tabindex', '0');
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', table.querySelector('caption')?.textContent?.trim() || i18n.t('api-docs:page.table'));
    table.replaceWith(wrap);
    wrap.appendChild(table);
  });
  const box = win.document.createElement('div');
  box.appendChild(fragment);
  return box.innerHTML;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
