/**
 * A Verify verification's timeline at /my-application/verification/:id (issue 27; linked from an
 * OTP message's detail in Monitoring): breadcrumb to My Application and the application, then the
 * verify feature's header and timeline. An unknown id, or another organization's, shows the
 * console's not-found page; another failure an error with a retry.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { Page } from '../../../components/page.tsx';
import { useVerification } from '../../../features/verify/api/get-verification.ts';
import { VerificationSkeleton, VerificationTimeline } from '../../../features/verify/components/verification-timeline.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import NotFoundPage from '../errors/not-found.tsx';

export default function VerificationPage() {
  const { t } = useTranslation('verify');
  const { id = '' } = useParams();
  const verification = useVerification(id);
  const v = verification.data;
  if (verification.error instanceof ApiError && (verification.error.status === 404 || verification.error.status === 400)) return <NotFoundPage />;
  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      breadcrumbs={[
        { label: t('page.myApplication'), to: '/my-application' },
        ...(v ? [{ label: v.application_name, to: `/my-application/detail/${encodeURIComponent(v.application_id)}` }] : []),
        { label: t('page.title') },
      ]}
    >
      {v ? (
        <VerificationTimeline verification={v} />
      ) : verification.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{verification.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void verification.refetch()} loading={verification.isFetching}>
              {t('tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <VerificationSkeleton />
      )}
    </Page>
  );
}
