import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { sanitizeDocHtml } from './sanitize.ts';

// DOMPurify does not support happy-dom (its sanitising is wrong there): it runs on a jsdom window,
// and the result is read back in that window too.
const win = new JSDOM('<!doctype html>', { url: 'https://console.pesan.test/docs' }).window;

const dom = (html: string) => {
  const box = win.document.createElement('div');
  box.innerHTML = sanitizeDocHtml(html, win);
  return box;
};

describe('sanitizeDocHtml', () => {
  it('drops scripts, event handlers, javascript: links, forms, frames and styles', () => {
    const box = dom(
      '<h2>Hi</h2><script>window.hacked = 1</script><img src="x.png" onerror="window.hacked = 1" alt="x">' +
        '<a href="javascript:alert(1)">bad</a><form action="/steal"><input name="p"></form>' +
        '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><p style="position:fixed" onclick="x()">text</p>' +
        '<svg><script>alert(1)</script></svg>',
    );
    expect(box.querySelector('script, form, input, iframe, style')).toBeNull();
    const img = box.querySelector('img')!;
    expect(img.getAttribute('onerror')).toBeNull();
    expect(img.getAttribute('src')).toBe('x.png');
    expect(box.querySelector('a')!.getAttribute('href')).toBeNull();
    const p = box.querySelector('p')!;
    expect(p.getAttribute('onclick')).toBeNull();
    expect(p.getAttribute('style')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onerror|onclick|javascript:|<script/i);
    expect(box.querySelector('h2')!.textContent).toBe('Hi');
  });

  it('keeps the documentation markup: headings, lists, code, tables, links', () => {
    const box = dom('<h3 id="x">Title</h3><ul><li><code>to</code></li></ul><pre><code>curl -X POST</code></pre><table><caption>Codes</caption><tr><td>401</td></tr></table><a href="/docs/a/b">next</a>');
    expect(box.querySelector('h3')!.id).toBe('x');
    expect(box.querySelector('li code')!.textContent).toBe('to');
    expect(box.querySelector('pre')!.textContent).toBe('curl -X POST');
    expect(box.querySelector('td')!.textContent).toBe('401');
    expect(box.querySelector('a')!.getAttribute('href')).toBe('/docs/a/b');
    expect(box.querySelector('a')!.getAttribute('target')).toBeNull();
  });

  it('lets code blocks and tables scroll in a focusable box, and opens other sites in a new tab', () => {
    const box = dom('<pre>long</pre><table><caption> Error codes </caption><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table><a href="https://example.com/x" target="_self">out</a><a href="https://console.pesan.test/docs/a/b" target="_blank">own</a>');
    expect(box.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    const regions = [...box.querySelectorAll('.pesan-doc-table')];
    expect(regions).toHaveLength(2);
    expect(regions.map((r) => [r.getAttribute('role'), r.getAttribute('tabindex'), r.getAttribute('aria-label')])).toEqual([
      ['region', '0', 'Error codes'],
      ['region', '0', 'Table'],
    ]);
    expect(regions[0]!.firstElementChild!.tagName).toBe('TABLE');
    const [out, own] = [...box.querySelectorAll('a')];
    expect(out!.getAttribute('target')).toBe('_blank');
    expect(out!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(own!.getAttribute('target')).toBeNull();
  });
});
