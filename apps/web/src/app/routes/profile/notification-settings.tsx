/**
 * /profile/notification-settings (console.md §2 Notification settings): quota warning settings
 * per application, with an application picker at the top (the quota feature's panel, given the
 * applications feature's list). No application yet: the spec's empty text with a link to create one.
 */
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUOTA_MESSAGES } from '@pesan/contracts/quota';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useApplications } from '../../../features/applications/api/list-applications.ts';
import { QuotaSettingsPanel } from '../../../features/quota/components/quota-settings-form.tsx';

/** Applications offered in the picker (the list call's maximum page). */
const PICKER_LIMIT = 100;

export default function NotificationSettingsPage() {
  const { t } = useTranslation('profile');
  const apps = useApplications({ channel_id: [], search: '', page: 1, limit: PICKER_LIMIT });
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title={t('notificationSettings.title')} description={t('notificationSettings.description')} />
      {apps.isPending ? (
        <Skeleton height={240} radius="md" aria-label={t('notificationSettings.loadingApplications')} />
      ) : apps.isError ? (
        <Alert color="red" variant="light" title={t('notificationSettings.errorTitle')}>
          {localizeMessage(QUOTA_MESSAGES.loadFailed)}
        </Alert>
      ) : apps.data.data.length === 0 ? (
        <EmptyState
          title={localizeMessage(QUOTA_MESSAGES.noApplications)}
          description={t('notificationSettings.emptyDescription')}
          action={
            <Button component={Link} to="/my-application/create-application">
              {t('notificationSettings.createApplication')}
            </Button>
          }
        />
      ) : (
        <QuotaSettingsPanel applications={apps.data.data.map((a) => ({ id: a.id, name: a.application_name, billing_type: a.billing_type }))} />
      )}
    </Stack>
  );
}
