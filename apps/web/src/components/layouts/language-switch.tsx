/**
 * The header's language switch (ARCHITECTURE.md §10, issue 15): two toggle buttons, EN and ID,
 * each named by its language in that language ('English', 'Bahasa Indonesia'). One press changes
 * the page at once; `onChange` lets a signed-in layout also save the choice on the user. Plain
 * buttons, not a menu: the switch is on every first load, where a popover's code would weigh
 * (issue 10).
 */
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '@pesan/contracts/ui-language';
import { currentLanguage, setUiLanguage } from '../../lib/i18n.ts';

/** Each language by its own name (not translated: a reader finds their language by it). */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', id: 'Bahasa Indonesia' };

export function LanguageSwitch({ onChange }: { onChange?: (lang: UiLanguage) => void }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const choose = (next: UiLanguage) => {
    if (next === lang) return;
    void setUiLanguage(next);
    onChange?.(next);
  };
  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={t('language.label')}>
      {UI_LANGUAGES.map((l) => (
        <Button
          key={l}
          size="compact-sm"
          variant={l === lang ? 'light' : 'subtle'}
          color={l === lang ? 'blue' : 'gray'}
          lang={l}
          title={LANGUAGE_NAMES[l]}
          aria-pressed={l === lang}
          onClick={() => choose(l)}
        >
          {/* Seen: the code; heard: the language's name (an aria-label would not match the visible text). */}
          <span aria-hidden>{l.toUpperCase()}</span>
          <VisuallyHidden>{LANGUAGE_NAMES[l]}</VisuallyHidden>
        </Button>
      ))}
    </Group>
  );
}
