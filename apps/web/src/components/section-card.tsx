/**
 * A titled card section of a page (Overview tabs, verification page): a bordered Paper labelled by
 * its h2 title, with optional actions on the title's right.
 */
import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

export function SectionCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title} miw={0}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
