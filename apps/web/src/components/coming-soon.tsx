/**
 * An area the console will have but this release does not yet build (Overview, reports, WhatsApp
 * templates, guides). Says so plainly and points to what works today, rather than a fake screen.
 */
import type { ReactNode } from 'react';
import { Button, Card, Group } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

export interface ComingSoonProps {
  title: string;
  description: ReactNode;
}

export function ComingSoon({ title, description }: ComingSoonProps) {
  const { t } = useTranslation('common');
  return (
    <Page title={title}>
      <Card withBorder padding="xl">
        <EmptyState
          icon={<IconHourglass size={32} />}
          title={t('comingSoon.title', { title })}
          description={description}
          action={
            <Group gap="sm" mt="sm">
              <Button component={Link} to="/my-application">
                {t('comingSoon.myApplication')}
              </Button>
              <Button component="a" href="/api/reference" target="_blank" rel="noreferrer" variant="default">
                {t('comingSoon.apiReference')}
              </Button>
            </Group>
          }
        />
      </Card>
    </Page>
  );
}
