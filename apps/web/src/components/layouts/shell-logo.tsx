/** The Pesan logo, linking to /my-application (console.md §2 Header). */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The mark and the word 'Pesan', unlinked (the auth layout shows it above its forms). */
export function PesanMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const px = size === 'lg' ? 36 : 32;
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/logo.svg" alt="" width={px} height={px} />
      <Text fw={700} size={size === 'lg' ? 'xl' : 'lg'} c="dark.8">
        Pesan
      </Text>
    </Group>
  );
}

export function ShellLogo({ to = '/my-application' }: { to?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} aria-label={t('shell.home')} style={{ textDecoration: 'none', color: 'inherit', borderRadius: 6 }}>
      <PesanMark />
    </Link>
  );
}
