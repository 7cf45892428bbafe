/**
 * The Remaining Quota panel of the application detail page (console.md §2 Application details, §4
 * Remaining Quota panel): shown only for a pre-paid application; one box per quota type present in
 * the billing answer with its unit (Sessions for WhatsApp, Second for Call, Messages for SMS, SMS
 * OTP and Email), remaining = quota − usage (call quota in minutes × 60), and the 'Quota Usage
 * Warning' badge for the types the balance-quota check lists. A load failure shows the error in
 * place (console.md §8 Quota load failure).
 */
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALL_SECONDS_PER_MINUTE, QUOTA_MESSAGES, QUOTA_TYPE_INFO, remainingOf, type RemainingQuota } from '@pesan/contracts/quota';
import { useBalanceCheck } from '../api/check-balance-quota.ts';
import { useBilling } from '../api/get-billing.ts';
import { formatNumber } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { quotaUnitLabel } from './quota-settings-form.tsx';

/** A quota amount as shown: thousands grouped in the interface language ('12,345' / '12.345'). */
export const formatQuota = (n: number) => formatNumber(n);

function QuotaBox({ entry, warning }: { entry: RemainingQuota; warning: boolean }) {
  const { t } = useTranslation('quota');
  const { label } = QUOTA_TYPE_INFO[entry.type];
  const unit = quotaUnitLabel(t, entry.type);
  const quota = entry.quota_type === 'menit' ? entry.quota * CALL_SECONDS_PER_MINUTE : entry.quota;
  const id = `quota-${entry.type}`;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id} bg={warning ? 'orange.0' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text id={id} fw={600} size="sm">
            {label}
          </Text>
          {warning ? (
            <Badge color="red.9" variant="filled" size="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />} style={{ flexShrink: 0 }}>
              {localizeMessage(QUOTA_MESSAGES.warningBadge)}
            </Badge>
          ) : null}
        </Group>
        <Text fz={26} fw={700} lh={1.1} c={warning ? 'orange.9' : undefined}>
          <span data-testid={`${id}-remaining`}>{formatQuota(remainingOf(entry))}</span>{' '}
          <Text span fz="sm" fw={500} c="gray.7">
            {unit}
          </Text>
        </Text>
        <Text size="xs" c="gray.7">
          {t('remaining.used', { used: formatQuota(entry.usage), quota: formatQuota(quota), unit })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The panel for `applicationId`: a skeleton while loading, nothing for a post-paid application. */
export function RemainingQuotaPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('quota');
  const billing = useBilling(applicationId);
  const prepaid = billing.data?.billing_type === 'pre-paid';
  const check = useBalanceCheck(applicationId, prepaid);
  if (billing.isPending) return <Skeleton height={140} radius="md" aria-label={t('remaining.loading')} />;
  if (billing.isError) {
    return (
      <Alert color="red" variant="light" title={t('remaining.errorTitle')}>
        {localizeMessage(QUOTA_MESSAGES.loadFailed)}
      </Alert>
    );
  }
  if (!prepaid) return null;
  const warned = new Set(check.data?.channel ?? []);
  const entries = billing.data.remaining_quota;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="remaining-quota-title">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="remaining-quota-title">
            {t('remaining.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('remaining.description')}
          </Text>
        </div>
        {entries.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {entries.map((e) => (
              <QuotaBox key={e.type} entry={e} warning={warned.has(e.type)} />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="gray.7">
            {t('remaining.empty')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
