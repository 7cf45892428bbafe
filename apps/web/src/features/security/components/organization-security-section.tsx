/**
 * The organization's sign-in rule on the Security page (ARCHITECTURE.md §5.1; owners and admins,
 * the page decides): the require_2fa switch with its explanation. A refusal (turning it on without
 * 2FA yourself) shows the server's message under the switch, which stays as it was.
 */
import { useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useSecuritySettings } from '../api/get-security-settings.ts';
import { useUpdateSecuritySettings } from '../api/update-security-settings.ts';

export function OrganizationSecuritySection() {
  const { t } = useTranslation('security');
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const [error, setError] = useState<string | null>(null);

  const change = (require_2fa: boolean) => {
    setError(null);
    update.mutate(
      { require_2fa },
      {
        onSuccess: () => toastSuccess(TEAMS_MESSAGES.securitySaved),
        onError: (err) => {
          if (err instanceof ApiError && err.status < 500) setError(localizeMessage(err.message));
          else toastApiError(err);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="security-org-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="security-org-title">
            {t('organization.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('organization.description')}
          </Text>
        </Stack>
        {settings.isPending ? (
          <Skeleton height={48} radius="sm" aria-label={t('organization.loading')} />
        ) : settings.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('organization.loadFailed')}</Text>
              <Button size="xs" variant="outline" color="red.9" onClick={() => settings.refetch()}>
                {t('organization.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Switch
            size="md"
            checked={settings.data.require_2fa}
            disabled={update.isPending}
            onChange={(e) => change(e.currentTarget.checked)}
            label={t('organization.require')}
            description={t('organization.requireHelp')}
            error={error}
            styles={{ label: { fontWeight: 600 } }}
          />
        )}
      </Stack>
    </Paper>
  );
}
