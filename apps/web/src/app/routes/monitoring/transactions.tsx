/** Monitoring of one application (console.md §2): header with its name and ID, then the records view. */
import { Alert, Group, Skeleton, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application-messages';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { Page } from '../../../components/page.tsx';
import { useApplication } from '../../../features/applications/api/get-application.ts';
import { MonitoringView } from '../../../features/monitoring/components/monitoring-view.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';

export default function MonitoringPage() {
  const { t } = useTranslation('monitoring');
  const { id = '' } = useParams();
  const app = useApplication(id);
  const notFound = app.error instanceof ApiError && app.error.status === 404;
  return (
    <Page
      title={app.data ? app.data.application_name : <Skeleton height={28} width={240} component="span" display="inline-block" />}
      description={
        <Group gap={6} component="span">
          <Text span size="sm" c="gray.7">
            {t('page.id')}
          </Text>
          <Text span size="sm" ff="monospace">
            {id}
          </Text>
        </Group>
      }
      breadcrumbs={[{ label: t('page.myApplication'), to: '/my-application' }, { label: t('page.monitoring') }]}
    >
      {notFound ? (
        <Alert color="red" variant="light" title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
          {localizeMessage(APPLICATION_MESSAGES.notFound)}
        </Alert>
      ) : app.data ? (
        <MonitoringView key={app.data.id} applicationId={app.data.id} channels={app.data.channels.map((c) => c.channel)} />
      ) : null}
    </Page>
  );
}
