/**
 * Skeletons in the shape of common page content (issue 28 part 3: a wait longer than 300 ms shows
 * the shape of what comes, not a bare spinner). Each is a labelled, busy status region.
 */
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/**
 * A form in a bordered panel: `fields` label-and-input pairs and a button row. `maw` caps the
 * width like the form it stands for.
 */
export function FormSkeleton({ label, fields = 3, maw }: { label: string; fields?: number; maw?: number }) {
  return (
    <Paper withBorder radius="md" p="lg" maw={maw} role="status" aria-busy="true" aria-label={label}>
      <Stack gap="md">
        {Array.from({ length: fields }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width="30%" />
            <Skeleton height={36} />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Skeleton height={36} width={120} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** A grid of `count` cards (title, two lines, an action), as the application list shows them. */
export function CardGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="lg">
          <Skeleton height={20} width="60%" mb="md" />
          <Skeleton height={16} width="40%" mb="sm" />
          <Skeleton height={14} mb="sm" />
          <Skeleton height={28} width="50%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A page's body while the page itself loads: a heading, a toolbar and a block of `rows` lines. */
export function PageSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={28} width="40%" />
      <Group gap="sm">
        <Skeleton height={36} width={220} />
        <Skeleton height={36} width={160} />
      </Group>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={18} />
      ))}
    </Stack>
  );
}
