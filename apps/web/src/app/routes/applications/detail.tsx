/**
 * Application details (console.md §2): breadcrumb to My Application, read-only name and App ID,
 * Last Modified, the Token Authentication section, the Webhook section (issue 9; its 'Require
 * signed requests' switch saves through the applications feature's update call) and a link to
 * Monitoring.
 * (The Remaining Quota panel comes with the quota issue.)
 */
import { Alert, Button, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';
import { Page } from '../../../components/page.tsx';
import { useApplication } from '../../../features/applications/api/get-application.ts';
import { ApplicationSummary } from '../../../features/applications/components/application-summary.tsx';
import { useUpdateApplication } from '../../../features/applications/api/update-application.ts';
import { TokenSection } from '../../../features/tokens/components/token-section.tsx';
import { WebhookSection } from '../../../features/webhooks/components/webhook-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export default function ApplicationDetailPage() {
  const { appId = '' } = useParams();
  const app = useApplication(appId);
  const update = useUpdateApplication();
  const notFound = app.error instanceof ApiError && app.error.status === 404;
  return (
    <Page
      title="Details App"
      breadcrumbs={[{ label: 'My Application', to: '/my-application' }, { label: 'Details App' }]}
      actions={
        notFound ? null : (
        <Button component={Link} to={`/my-application/detail-transaction/${appId}`} variant="default" leftSection={<IconChartBar size={16} aria-hidden />}>
          Monitoring
        </Button>
        )
      }
    >
      {notFound ? (
        <Alert color="red" variant="light" title="Error!">
          {APPLICATION_MESSAGES.notFound}
        </Alert>
      ) : (
        <Stack gap="lg">
          <ApplicationSummary app={app.data} />
          {app.data ? <TokenSection applicationId={app.data.id} channels={app.data.channels.map((c) => c.channel)} /> : null}
          {app.data ? (
            <WebhookSection
              applicationId={app.data.id}
              requireSignature={app.data.require_signature}
              onRequireSignatureChange={(requireSignature) =>
                update.mutateAsync({ id: app.data!.id, applicationName: app.data!.application_name, requireSignature })
              }
            />
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
