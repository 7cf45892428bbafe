/** The Pesan logo, linking to /my-application (console.md §2 Header). */
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function ShellLogo({ to = '/my-application' }: { to?: string }) {
  return (
    <Link to={to} aria-label="Pesan home" style={{ textDecoration: 'none', color: 'inherit', borderRadius: 6 }}>
      <Group gap={8} wrap="nowrap">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Text fw={700} size="lg" c="dark.8">
          Pesan
        </Text>
      </Group>
    </Link>
  );
}
