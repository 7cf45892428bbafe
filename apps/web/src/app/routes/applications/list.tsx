/** My Application (console.md §2): page header with 'Create Application' and the application list. */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { ApplicationList } from '../../../features/applications/components/application-list.tsx';

export default function ApplicationsPage() {
  const { t } = useTranslation('applications');
  const can = useCan();
  return (
    <Page
      title={t('list.title')}
      description={t('list.description')}
      actions={
        can('applications.create') ? (
          <Button component={Link} to="/my-application/create-application" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('list.createButton')}
          </Button>
        ) : null
      }
    >
      <ApplicationList />
    </Page>
  );
}
