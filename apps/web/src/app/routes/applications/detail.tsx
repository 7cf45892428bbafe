/**
 * Application details (console.md §2): breadcrumb to My Application, read-only name and App ID,
 * Last Modified, the Token Authentication section, the Webhook section (issue 9; its 'Require
 * signed requests' switch saves through the applications feature's update call), and actions:
 * Edit (the edit page, id in navigation state), Monitoring and Delete (with a confirmation; then
 * back to the list).
 * Below the token section, the Remaining Quota panel (pre-paid applications only; issue 10); last,
 * the Verify card with the countries Verify sends codes to (issue 27). Tokens, Quota, Webhook and
 * Verify are below the fold on a phone: they render one by one after the first paint
 * (DeferredSection; issue 28 TBT).
 */
import { Alert, Button, Stack } from '@mantine/core';
import { IconChartBar, IconEdit } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application-messages';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { localizeMessage } from '../../../lib/i18n.ts';
import { Page } from '../../../components/page.tsx';
import { useApplication } from '../../../features/applications/api/get-application.ts';
import { ApplicationSummary } from '../../../features/applications/components/application-summary.tsx';
import { DeleteApplicationButton } from '../../../features/applications/components/delete-application-button.tsx';
import { prefetchVerifySettingsCard, VerifySettingsCard } from '../../../features/applications/components/verify-settings-card.tsx';
import { toastSuccess } from '../../../components/toasts.ts';
import { useUpdateApplication } from '../../../features/applications/api/update-application.ts';
import { TokenSection } from '../../../features/tokens/components/token-section.tsx';
import { RemainingQuotaPanel } from '../../../features/quota/components/remaining-quota-panel.tsx';
import { WebhookSection } from '../../../features/webhooks/components/webhook-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tokensQueryOptions } from '../../../features/tokens/api/list-tokens.ts';
import { billingQueryOptions } from '../../../features/quota/api/get-billing.ts';
import { balanceCheckQueryOptions } from '../../../features/quota/api/check-balance-quota.ts';
import { webhookQueryOptions } from '../../../features/webhooks/api/get-webhook.ts';
import { webhookDeliveriesQueryOptions } from '../../../features/webhooks/api/list-webhook-deliveries.ts';
import { DeferredSection } from '../../../components/deferred-section.tsx';

/**
 * What each below-the-fold section shows, loaded before it renders (DeferredSection `prepare`), so
 * its render with data is part of the interruptible pass instead of a blocking one on arrival.
 */
const prepareSection = {
  tokens: (qc: QueryClient, id: string) => qc.ensureQueryData(tokensQueryOptions(id)),
  quota: async (qc: QueryClient, id: string) => {
    const billing = await qc.ensureQueryData(billingQueryOptions(id));
    if (billing?.billing_type === 'pre-paid') await qc.ensureQueryData(balanceCheckQueryOptions(id, true));
  },
  webhook: (qc: QueryClient, id: string) => Promise.all([qc.ensureQueryData(webhookQueryOptions(id)), qc.ensureQueryData(webhookDeliveriesQueryOptions(id, 1))]),
  verify: prefetchVerifySettingsCard,
};

export default function ApplicationDetailPage() {
  const { t } = useTranslation('applications');
  const { appId = '' } = useParams();
  const app = useApplication(appId);
  const update = useUpdateApplication();
  const navigate = useNavigate();
  const can = useCan();
  const qc = useQueryClient();
  const notFound = app.error instanceof ApiError && app.error.status === 404;
  return (
    <Page
      title={t('detailPage.title')}
      breadcrumbs={[{ label: t('detailPage.breadcrumbList'), to: '/my-application' }, { label: t('detailPage.title') }]}
      actions={
        notFound ? null : (
          <>
            {can('applications.edit') ? (
              <Button component={Link} to="/my-application/edit-application" state={{ id: appId }} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
                {t('detailPage.edit')}
              </Button>
            ) : null}
            <Button component={Link} to={`/my-application/detail-transaction/${appId}`} variant="default" leftSection={<IconChartBar size={16} aria-hidden />}>
              {t('detailPage.monitoring')}
            </Button>
            {app.data && can('applications.delete') ? (
              <DeleteApplicationButton
                app={app.data}
                onDeleted={() => {
                  toastSuccess(APPLICATION_MESSAGES.deleteSuccessMessage(app.data!.application_name), APPLICATION_MESSAGES.deleteSuccessTitle);
                  navigate('/my-application', { replace: true });
                }}
              />
            ) : null}
          </>
        )
      }
    >
      {notFound ? (
        <Alert color="red" variant="light" title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
          {localizeMessage(APPLICATION_MESSAGES.notFound)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <ApplicationSummary app={app.data} />
          {app.data ? (
            <DeferredSection minHeight={320} prepare={() => prepareSection.tokens(qc, app.data!.id)}>
              <TokenSection applicationId={app.data.id} channels={app.data.channels.map((c) => c.channel)} />
            </DeferredSection>
          ) : null}
          {app.data ? (
            <DeferredSection minHeight={120} prepare={() => prepareSection.quota(qc, app.data!.id)}>
              <RemainingQuotaPanel applicationId={app.data.id} />
            </DeferredSection>
          ) : null}
          {app.data ? (
            <DeferredSection minHeight={240} prepare={() => prepareSection.webhook(qc, app.data!.id)}>
              <WebhookSection
                applicationId={app.data.id}
                requireSignature={app.data.require_signature}
                onRequireSignatureChange={(requireSignature) =>
                  update.mutateAsync({ id: app.data!.id, applicationName: app.data!.application_name, requireSignature })
                }
              />
            </DeferredSection>
          ) : null}
          {app.data ? (
            <DeferredSection minHeight={240} prepare={() => prepareSection.verify(qc, app.data!.id)}>
              <VerifySettingsCard applicationId={app.data.id} />
            </DeferredSection>
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
