/** Page heading with optional breadcrumbs and actions (console.md §2 breadcrumbs). */
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Link target; the last crumb (the current page) has none. */
  to?: string;
}

/** Breadcrumb trail in a labelled nav; the current page is marked aria-current. */
export function AppBreadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('breadcrumb')}>
      <Breadcrumbs separatorMargin={6}>
        {items.map((c) =>
          c.to ? (
            <Anchor key={c.label} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={c.label} size="sm" c="gray.7" aria-current="page">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
}

export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  return (
    <Stack gap="xs">
      {breadcrumbs ? <AppBreadcrumbs items={breadcrumbs} /> : null}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
