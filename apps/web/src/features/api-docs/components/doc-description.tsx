/**
 * The description of a docs page: its HTML, sanitised with DOMPurify (utils/sanitize.ts). A link to
 * another docs page opens it in the site, without a page load.
 */
import { useMemo, type MouseEvent } from 'react';
import { Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sanitizeDocHtml } from '../utils/sanitize.ts';
import classes from './docs.module.css';

export function DocDescription({ html }: { html: string }) {
  // The HTML is the server's (English); only the names the sanitiser adds follow the language.
  const { i18n } = useTranslation('api-docs');
  const lang = i18n.language;
  const safe = useMemo(() => sanitizeDocHtml(html), [html, lang]);
  const navigate = useNavigate();
  // Clicks bubble up from the links of the HTML; the links stay ordinary links for the keyboard.
  const followDocsLink = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as Element).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/docs/')) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <Typography className={classes.description} data-testid="doc-description" onClick={followDocsLink} dangerouslySetInnerHTML={{ __html: safe }} />;
}
