/**
 * The code samples of a docs page (console.md §2 Docs layout, §9): tabs CURL, NodeJS, PHP (those
 * the page has, in that order), each sample with a Copy button, and under them the response
 * panel with the answer the chosen sample gives. The chosen language is the site's, kept across
 * pages (`language`, `onLanguageChange`).
 */
import { Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOC_LANGUAGES, DOCS_MESSAGES, type DocLanguage, type DocLanguageSample } from '@pesan/contracts/docs';
import { localizeMessage } from '../../../lib/i18n.ts';
import { CodeBlock } from './code-block.tsx';
import { CopyCodeButton } from './copy-code-button.tsx';

export interface CodeSamplesProps {
  samples: readonly DocLanguageSample[];
  language: DocLanguage;
  onLanguageChange: (language: DocLanguage) => void;
}

/** The page's samples in tab order (DOC_LANGUAGES), one per language (the first of each wins). */
export function orderedSamples(samples: readonly DocLanguageSample[]): DocLanguageSample[] {
  return DOC_LANGUAGES.flatMap((l) => samples.find((s) => s.language === l) ?? []);
}

export function CodeSamples({ samples, language, onLanguageChange }: CodeSamplesProps) {
  const { t } = useTranslation('api-docs');
  const ordered = orderedSamples(samples);
  if (ordered.length === 0) return null;
  const active = ordered.find((s) => s.language === language) ?? ordered[0]!;
  return (
    <Stack gap="md" component="section" aria-labelledby="doc-samples-title">
      <Title order={2} size="h4" id="doc-samples-title">
        {t('samples.title')}
      </Title>
      <Paper withBorder radius="md" p="sm">
        <Tabs value={active.language} onChange={(v) => v && onLanguageChange(v as DocLanguage)} keepMounted={false}>
          <Tabs.List aria-label={t('samples.languages')}>
            {ordered.map((s) => (
              <Tabs.Tab key={s.language} value={s.language} fw={600}>
                {s.language}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ordered.map((s) => (
            <Tabs.Panel key={s.language} value={s.language} pt="sm">
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Text size="sm" fw={600} c="gray.8">
                  {t('samples.request')}
                </Text>
                <CopyCodeButton value={s.request} what={t('samples.requestOf', { language: s.language })} />
              </Group>
              <CodeBlock code={s.request} label={t('samples.requestOf', { language: s.language })} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="doc-response-title">
        <Group justify="space-between" mb={6} wrap="nowrap">
          <Title order={3} size="h5" id="doc-response-title">
            {localizeMessage(DOCS_MESSAGES.responseTitle)}
          </Title>
          <CopyCodeButton value={active.response} what={t('samples.responseOf', { language: active.language })} />
        </Group>
        <CodeBlock code={active.response} label={t('samples.responseOf', { language: active.language })} maxHeight="min(40vh, 360px)" />
      </Paper>
    </Stack>
  );
}

/** Placeholder of the samples while the page loads. */
export function CodeSamplesSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={22} width={140} />
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}
