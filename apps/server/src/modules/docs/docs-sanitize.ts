/**
 * The server's sanitiser of docs description HTML (console.md §2 Docs layout: "the server
 * sanitises too; the site never trusts it"; issue 23 item 23). Every description is cleaned when
 * written (operator edits, `docs:import`, the seed) and again when served, so a row stored before
 * this rule existed reaches no API client unclean. Built on `sanitize-html` (htmlparser2, no DOM):
 * an allow-list of the tags Markdown produces and the docs use, no script/style/iframe/form/base/
 * meta/link/object, no event handler or style attribute, URLs only http(s), mailto or relative.
 * The console's DOMPurify (apps/web features/api-docs/utils/sanitize.ts) still runs on top.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark',
    'small', 'sub', 'sup', 'abbr', 'span', 'div', 'details', 'summary', 'figure', 'figcaption',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    pre: ['class'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan', 'scope'],
    td: ['align', 'colspan', 'rowspan'],
    abbr: ['title'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Refused elements go with what they hold when it is code or a document of its own.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template', 'svg', 'math', 'noembed', 'noframes', 'xmp'],
};

/**
 * `html` with only the allowed tags, attributes and URL schemes left (see the file comment).
 * Idempotent: cleaning clean HTML gives it back unchanged, so an unchanged import stays unchanged.
 */
export function sanitizeDocHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
