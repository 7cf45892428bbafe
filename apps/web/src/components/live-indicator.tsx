/**
 * The live-updates control of a list (issue 28): a dot and the connection state ('Live',
 * 'Connecting…', 'Paused', 'Updates every 10 s' when the stream is unavailable and the list polls),
 * announced politely when it changes, and the 'Live updates' switch that pauses them. The dot
 * pulses only while live and never when the user prefers reduced motion.
 */
import { Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIVE_FALLBACK_POLL_MS, type LiveState } from '../lib/live-events.ts';
import classes from './live-indicator.module.css';

const DOT_COLOR: Record<LiveState, string> = {
  live: 'var(--mantine-color-green-7)',
  connecting: 'var(--mantine-color-gray-5)',
  paused: 'var(--mantine-color-gray-6)',
  unavailable: 'var(--mantine-color-orange-6)',
};

export interface LiveIndicatorProps {
  state: LiveState;
  /** The switch's value: true = updates on. */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
}

export function LiveIndicator({ state, enabled, onEnabledChange }: LiveIndicatorProps) {
  const { t } = useTranslation('common');
  return (
    <Group gap="md" wrap="wrap" data-testid="live-indicator">
      <Switch size="sm" label={t('live.toggle')} checked={enabled} onChange={(e) => onEnabledChange(e.currentTarget.checked)} />
      <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-state={state}>
        <span className={`${classes.dot} ${state === 'live' ? classes.pulse : ''}`} style={{ background: DOT_COLOR[state] }} aria-hidden />
        <Text size="sm" c={state === 'live' ? undefined : 'gray.7'} fw={state === 'live' ? 600 : undefined}>
          {t(`live.${state}`, { seconds: LIVE_FALLBACK_POLL_MS / 1000 })}
        </Text>
      </Group>
    </Group>
  );
}
