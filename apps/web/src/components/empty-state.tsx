/** Empty list/table state: an icon, a title and an optional hint and action. */
import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        {icon ?? <IconMoodEmpty size={32} />}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {description ? (
        <Text size="sm" c="gray.7" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
