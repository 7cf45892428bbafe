/**
 * One docs page (console.md §2 Docs layout): the group and title, the description on the left and,
 * on the right, the sticky code samples with the response panel (below the description on narrow
 * screens). Skeletons while it loads, an error with 'Try again', and DocNotFound for a page the
 * menu or the server does not know.
 */
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCS_MESSAGES, type DocLanguage } from '@pesan/contracts/docs';
import { localizeMessage } from '../../../lib/i18n.ts';
import { isDocNotFound, useDocDescription } from '../api/get-doc-description.ts';
import type { DocLocation } from '../utils/menu.ts';
import { CodeSamples, CodeSamplesSkeleton } from './code-samples.tsx';
import { DocDescription } from './doc-description.tsx';
import classes from './docs.module.css';

export interface DocPageProps {
  /** The menu child of the page (its id is the description's titleId). */
  titleId: string;
  /** Where the menu puts it; null while the menu loads. */
  location: DocLocation | null;
  language: DocLanguage;
  onLanguageChange: (language: DocLanguage) => void;
  /** Where 'Go to the first page' of the not-found state leads. */
  firstPagePath: string | null;
}

export function DocPage({ titleId, location, language, onLanguageChange, firstPagePath }: DocPageProps) {
  const { t } = useTranslation('api-docs');
  const page = useDocDescription(titleId);
  if (page.isError && isDocNotFound(page.error)) return <DocNotFound firstPagePath={firstPagePath} />;
  const title = page.data?.title ?? location?.child.title;
  return (
    <div className={classes.page}>
      <article className={classes.article} aria-busy={page.isPending || undefined}>
        {/* The docs' pages are English in both languages (ARCHITECTURE.md §10): declared so, for screen readers. */}
        <Stack gap={4} mb="lg" lang="en">
          {location ? (
            <Text size="sm" fw={600} c="blue.8">
              {location.group.title}
            </Text>
          ) : (
            <Skeleton height={14} width={120} aria-hidden />
          )}
          {title ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : (
            <Skeleton height={32} width="60%" aria-hidden />
          )}
        </Stack>
        {page.data ? (
          <div lang="en">
            <DocDescription html={page.data.description} />
          </div>
        ) : page.isError ? (
          <Alert color="red" variant="light" title={t('page.loadFailed')}>
            <Text size="sm">{page.error.message}</Text>
            <Button size="compact-sm" variant="light" color="red.9" mt="xs" onClick={() => void page.refetch()}>
              {t('site.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <Stack gap="sm" aria-hidden data-testid="doc-description-skeleton">
            {[100, 96, 88, 100, 72, 0, 100, 92, 60].map((w, i) => (w ? <Skeleton key={i} height={12} width={`${w}%`} /> : <Skeleton key={i} height={0} mt="sm" />))}
          </Stack>
        )}
      </article>
      <div className={classes.samples}>
        {page.data ? (
          <CodeSamples samples={page.data.languageSupport} language={language} onLanguageChange={onLanguageChange} />
        ) : page.isPending ? (
          <CodeSamplesSkeleton />
        ) : null}
      </div>
    </div>
  );
}

/** 404 of the docs: the page does not exist (in the menu or on the server). */
export function DocNotFound({ firstPagePath }: { firstPagePath: string | null }) {
  const { t } = useTranslation('api-docs');
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text fw={800} size="64px" lh={1} c="gray.7" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {localizeMessage(DOCS_MESSAGES.notFound)}
      </Title>
      <Text c="gray.8" maw={440}>
        {firstPagePath ? t('page.notFoundTextWithFirst') : t('page.notFoundText')}
      </Text>
      {firstPagePath ? (
        <Button component={Link} to={firstPagePath}>
          {t('page.goToFirst')}
        </Button>
      ) : null}
    </Stack>
  );
}
