/**
 * The rejected template's banner (templates-dashboard-reports.md §2.4): 'This template has been
 * rejected', why (Meta's reason and our recommendation when known) and what the user can do.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';

export function RejectedBanner({ reason, recommendation }: { reason?: string | null; recommendation?: string | null }) {
  return (
    <Alert color="red" variant="light" title={M.rejectedBanner} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      <Stack gap={6}>
        <Text size="sm">
          The content of this template does not comply with WhatsApp's messaging policies. You can edit the template and submit it again, or request a
          review in Account Quality. Adding a sample for every variable is recommended.
        </Text>
        {reason ? (
          <Text size="sm">
            <strong>Reason:</strong> {reason}
          </Text>
        ) : null}
        {recommendation ? (
          <Text size="sm">
            <strong>Recommendation:</strong> {recommendation}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
