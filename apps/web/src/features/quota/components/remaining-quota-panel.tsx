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
import { CALL_SECONDS_PER_MINUTE, QUOTA_MESSAGES, QUOTA_TYPE_INFO, remainingOf, type RemainingQuota } from '@pesan/contracts/quota';
import { useBalanceCheck } from '../api/check-balance-quota.ts';
import { useBilling } from '../api/get-billing.ts';

const numberFormat = new Intl.NumberFormat('en-US');
/** A quota amount as shown: thousands separated by commas. */
export const formatQuota = (n: number) => numberFormat.format(n);

function QuotaBox({ entry, warning }: { entry: RemainingQuota; warning: boolean }) {
  const { label, unit } = QUOTA_TYPE_INFO[entry.type];
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
              {QUOTA_MESSAGES.warningBadge}
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
          Used {formatQuota(entry.usage)} of {formatQuota(quota)} {unit}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The panel for `applicationId`: a skeleton while loading, nothing for a post-paid application. */
export function RemainingQuotaPanel({ applicationId }: { applicationId: string }) {
  const billing = useBilling(applicationId);
  const prepaid = billing.data?.billing_type === 'pre-paid';
  const check = useBalanceCheck(applicationId, prepaid);
  if (billing.isPending) return <Skeleton height={140} radius="md" aria-label="Loading remaining quota" />;
  if (billing.isError) {
    return (
      <Alert color="red" variant="light" title="Error">
        {QUOTA_MESSAGES.loadFailed}
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
            Remaining Quota
          </Title>
          <Text size="sm" c="gray.7">
            Prepaid quota left per channel. Messages are refused once a channel's quota runs out.
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
            No quota yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
