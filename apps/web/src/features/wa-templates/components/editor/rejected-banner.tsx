/**
 * The rejected template's banner (templates-dashboard-reports.md §2.4): 'This template has been
 * rejected', why (Meta's reason and our recommendation when known) and what the user can do.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { localizeMessage } from '../../../../lib/i18n.ts';

/** Meta's reason and our recommendation are shown as stored. */
export function RejectedBanner({ reason, recommendation }: { reason?: string | null; recommendation?: string | null }) {
  const { t } = useTranslation('wa-template-editor');
  return (
    <Alert color="red" variant="light" title={localizeMessage(M.rejectedBanner)} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      <Stack gap={6}>
        <Text size="sm">{t('rejected.text')}</Text>
        {reason ? (
          <Text size="sm">
            <strong>{t('rejected.reason')}</strong> <span translate="no">{reason}</span>
          </Text>
        ) : null}
        {recommendation ? (
          <Text size="sm">
            <strong>{t('rejected.recommendation')}</strong> <span translate="no">{recommendation}</span>
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
