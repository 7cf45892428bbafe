import i18n, { i18nReady, LANGUAGE_STORAGE_KEY, NAMESPACES, setUiLanguage } from '../lib/i18n.ts';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// Mantine needs these in happy-dom.
window.matchMedia ??= ((query: string) => ({
  matches: false, media: query, onchange: null,
  addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
class RO { observe() {} unobserve() {} disconnect() {} }
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= RO;
// Mantine's autosize Textarea listens to document.fonts, which happy-dom lacks.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });
}

// Every catalogue loaded in English before any test renders (nothing suspends on a namespace).
await i18nReady;
await i18n.loadNamespaces([...NAMESPACES]);
// Indonesian's extras (the contract messages' translator, dayjs's locale) loaded once, so a test
// that calls i18n.changeLanguage('id') sees them at once.
await setUiLanguage('id');
await setUiLanguage('en');
localStorage.removeItem(LANGUAGE_STORAGE_KEY);
