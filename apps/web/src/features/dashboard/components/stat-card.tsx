/**
 * One figure of the Overview: a label with its explanation as a tooltip (hover, focus or touch on
 * the info icon, whose accessible name is the same text), and the value. The card is a labelled
 * group so tests and screen readers find a figure by its label.
 */
import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Tooltip text explaining the figure. */
  help?: string;
  loading?: boolean;
  /** Value colour (Mantine colour), for rates. */
  color?: string;
}

export function StatCard({ label, value, help, loading, color }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }} role="group" aria-label={label} miw={0}>
      <Group gap={4} wrap="nowrap" mb={4} align="flex-start">
        {/* Words break only when one alone is wider than the tile ('Authentication' at 375 px fits). */}
        <Text size="sm" c="gray.7" fw={500} miw={0} style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
          {label}
        </Text>
        {help ? (
          <Tooltip label={help} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
            <UnstyledButton aria-label={help} style={{ display: 'inline-flex', flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-gray-7)', cursor: 'help' }}>
              <IconInfoCircle size={16} aria-hidden />
            </UnstyledButton>
          </Tooltip>
        ) : null}
      </Group>
      {loading ? (
        <Skeleton height={30} width="60%" mt={4} />
      ) : (
        <Text fz={26} fw={700} lh={1.2} c={color} data-testid="stat-value">
          {value}
        </Text>
      )}
    </Paper>
  );
}
