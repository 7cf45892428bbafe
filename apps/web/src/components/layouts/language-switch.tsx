/**
 * The header's language switch (ARCHITECTURE.md §10, issue 15): English or Bahasa Indonesia, each
 * named in its own language. The page changes at once; `onChange` lets a signed-in layout also
 * save the choice on the user.
 */
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@pesan/contracts/ui-language';
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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={`${t('language.switchTo')}: ${LANGUAGE_NAMES[lang]}`}
          title={t('language.switchTo')}
        >
          {lang.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {(Object.keys(LANGUAGE_NAMES) as UiLanguage[]).map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => choose(l)}
            rightSection={l === lang ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={l === lang ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
