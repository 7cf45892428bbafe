/** Channel chips of an application card (console.md §2 My Application). */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type ChannelId } from '@pesan/contracts/channels';

export function channelLabel(id: string): string {
  return CHANNELS.find((c) => c.id === id)?.label ?? id;
}

export function ChannelChips({ channels }: { channels: { channel: ChannelId }[] }) {
  const { t } = useTranslation('applications');
  const ordered = CHANNELS.filter((c) => channels.some((x) => x.channel === c.id));
  return (
    <Group gap={6} aria-label={t('channelChips.label')} role="list">
      {ordered.map((c) => (
        <Badge key={c.id} role="listitem" variant="light" color="blue" tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-blue-9)' } }}>
          {c.label}
        </Badge>
      ))}
    </Group>
  );
}
