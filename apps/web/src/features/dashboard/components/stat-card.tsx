/**
 * One figure of the Overview: a label with its explanation as a tooltip (hover, focus or touch on
 * the info icon, whose accessible name is the same text), and the value. The card is a labelled
 * group so tests and screen readers find a figure by its label. Memoised: the Overview's live
 * updates re-render only the cards whose figure changed (issue 28).
 */
import { memo, type ReactNode } from 'react';
import { Paper, Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import classes from './stat-card.module.css';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Tooltip text explaining the figure. */
  help?: string;
  loading?: boolean;
  /** Value colour (Mantine colour), for rates. */
  color?: string;
}

export const StatCard = memo(function StatCard({ label, value, help, loading, color }: StatCardProps) {
  return (
    <Paper withBorder radius="md" className={classes.card} role="group" aria-label={label} miw={0}>
      {/*
        Lines break only between words, never inside one (issue 23 item 9: 'Authenticatio / n' at
        375 px). The label has the tile's whole width; the info icon follows it in the line, after
        a breakable space, so it wraps on its own rather than squeezing the last word. On phones
        the label is 13 px, so the longest word ('Authentication') fits a 320 px screen's tile.
      */}
      <Text c="gray.7" fw={500} className={classes.label} mb={4} data-testid="stat-label" style={{ overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' }}>
        {label}
        {help ? (
          <>
            {' '}
            <Tooltip label={help} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
              <UnstyledButton aria-label={help} style={{ display: 'inline-flex', verticalAlign: '-3px', color: 'var(--mantine-color-gray-7)', cursor: 'help' }}>
                <IconInfoCircle size={16} aria-hidden />
              </UnstyledButton>
            </Tooltip>
          </>
        ) : null}
      </Text>
      {loading ? (
        <Skeleton height={30} width="60%" mt={4} />
      ) : (
        <Text fz={26} fw={700} lh={1.2} c={color} data-testid="stat-value">
          {value}
        </Text>
      )}
    </Paper>
  );
});
