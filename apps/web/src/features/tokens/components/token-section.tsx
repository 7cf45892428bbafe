/**
 * Token Authentication section of the application detail page (console.md §2 Application details,
 * §4 token status, §5, §8): a 'Channel' picker listing the six options in the spec's order
 * (TOKEN_PICKER_ORDER: WhatsApp (V3), Email (V2), Call (V2), SMS Reguler (V2), SMS OTP (V2), then
 * Voice OTP (V2), ARCHITECTURE.md §7 deviation 6), those not on the application disabled; a
 * 'Generate' button disabled until a channel is picked, a confirm modal 'Generate Key for {label}?'
 * with the key warning, and one card per channel with its status and last generated time.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOKEN_MESSAGES, type TokenStatus } from '@pesan/contracts/application-messages';
import { TOKEN_PICKER_LABELS, TOKEN_PICKER_ORDER, type ChannelId } from '@pesan/contracts/channels';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useTokens, type TokenRow } from '../api/list-tokens.ts';
import { useGenerateAccessToken } from '../api/generate-access-token.ts';
import { useCan } from '../../../lib/use-can.ts';

const STATUSES: readonly TokenStatus[] = ['Not Generated', 'Active', 'InActive'];

/**
 * Status of a channel's token (console.md §4): no token -> 'Not Generated'; is_revoke false ->
 * 'Active'; is_revoke true -> 'InActive'. A server `status` that is already one of these wins.
 */
export function tokenStatus(row: TokenRow | undefined): TokenStatus {
  if (!row) return 'Not Generated';
  if (row.status && (STATUSES as readonly string[]).includes(row.status)) return row.status as TokenStatus;
  if (row.status === 'active') return 'Active';
  if (row.status === 'inactive' || row.status === 'revoked') return 'InActive';
  if (!row.id && !row.updated_at) return 'Not Generated';
  return row.is_revoke ? 'InActive' : 'Active';
}

/** The row to show for a channel: its active token, else its most recently updated one. */
export function pickTokenRow(rows: TokenRow[] | undefined, channel: ChannelId): TokenRow | undefined {
  const mine = (rows ?? []).filter((r) => r.channel === channel);
  const byDate = [...mine].sort((a, b) => String(b.updated_at ?? '').localeCompare(String(a.updated_at ?? '')));
  return byDate.find((r) => tokenStatus(r) === 'Active') ?? byDate[0];
}

/** The tokens.json key of each status (the status stays the spec's English value; the label is translated). */
const STATUS_KEY: Record<TokenStatus, string> = { Active: 'status.active', InActive: 'status.inActive', 'Not Generated': 'status.notGenerated' };

const STATUS_BADGE: Record<TokenStatus, { color: string; text: string }> = {
  Active: { color: 'green', text: 'var(--mantine-color-dark-9)' },
  InActive: { color: 'red', text: 'var(--mantine-color-dark-9)' },
  'Not Generated': { color: 'gray', text: 'var(--mantine-color-dark-7)' },
};

/**
 * The token picker's options (console.md §4 plus deviation 6): all six channels in
 * TOKEN_PICKER_ORDER, labelled by TOKEN_PICKER_LABELS; a channel the application does not have is
 * disabled (the server refuses its token).
 */
export function tokenPickerOptions(channels: readonly ChannelId[]): { value: ChannelId; label: string; disabled: boolean }[] {
  return TOKEN_PICKER_ORDER.map((c) => ({ value: c, label: TOKEN_PICKER_LABELS[c], disabled: !channels.includes(c) }));
}

/** One channel's token card: picker label, status badge (never clipped: it wraps below the label when narrow) and last generated time. */
export function TokenCard({ channel, row }: { channel: ChannelId; row: TokenRow | undefined }) {
  const { t } = useTranslation('tokens');
  const status = tokenStatus(row);
  const generated = status !== 'Not Generated' && row?.updated_at ? formatDateTime(row.updated_at) : '-';
  return (
    <Card withBorder radius="md" padding="md" data-testid={`token-card-${channel}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="center">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {TOKEN_PICKER_LABELS[channel]}
          </Text>
          <Badge
            variant="light"
            color={STATUS_BADGE[status].color}
            tt="none"
            radius="sm"
            style={{ flexShrink: 0, overflow: 'visible' }}
            styles={{ label: { color: STATUS_BADGE[status].text, overflow: 'visible', textOverflow: 'clip' } }}
          >
            {t(STATUS_KEY[status])}
          </Badge>
        </Group>
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            {t('card.lastGenerated')}
          </Text>
          <Text size="sm">{generated}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

export interface TokenSectionProps {
  applicationId: string;
  /** The application's channels; picker options and cards follow TOKEN_PICKER_ORDER. */
  channels: ChannelId[];
}

/** The Token Authentication section of the detail page (see the file comment). */
export function TokenSection({ applicationId, channels }: TokenSectionProps) {
  const { t } = useTranslation('tokens');
  const tokens = useTokens(applicationId);
  const generate = useGenerateAccessToken();
  const mayGenerate = useCan()('tokens.generate');
  const [channel, setChannel] = useState<ChannelId | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ordered = TOKEN_PICKER_ORDER.filter((c) => channels.includes(c));
  const label = channel ? TOKEN_PICKER_LABELS[channel] : '';

  const run = async () => {
    if (!channel) return;
    try {
      await generate.mutateAsync({ applicationId, channel });
      setConfirming(false);
      toastSuccess(TOKEN_MESSAGES.successMessage, TOKEN_MESSAGES.successTitle);
    } catch (err) {
      setConfirming(false);
      const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : TOKEN_MESSAGES.failureMessage;
      toastError(message, TOKEN_MESSAGES.failureTitle);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="token-auth-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="token-auth-title">
          {t('section.title')}
        </Title>
        {mayGenerate ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('section.channelLabel')}
              placeholder={t('section.channelPlaceholder')}
              data={tokenPickerOptions(channels)}
              value={channel}
              onChange={(v) => setChannel(v as ChannelId | null)}
              allowDeselect={false}
              style={{ flex: '1 1 240px', maxWidth: 360 }}
            />
            <Button leftSection={<IconKey size={16} aria-hidden />} disabled={!channel} onClick={() => setConfirming(true)}>
              {t('section.generate')}
            </Button>
          </Group>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {tokens.isPending
            ? ordered.map((c) => <Skeleton key={c} height={84} radius="md" />)
            : ordered.map((c) => <TokenCard key={c} channel={c} row={pickTokenRow(tokens.data, c)} />)}
        </SimpleGrid>
      </Stack>
      <Modal opened={confirming} onClose={() => !generate.isPending && setConfirming(false)} title={localizeMessage(TOKEN_MESSAGES.confirmTitle(label))} size={600} centered closeButtonProps={{ 'aria-label': t('section.close') }}>
        <Stack gap="lg">
          <Text>{localizeMessage(TOKEN_MESSAGES.warning)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={generate.isPending}>
              {t('section.cancel')}
            </Button>
            <Button onClick={run} loading={generate.isPending}>
              {t('section.generateKey')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
