/**
 * Auth layout (console.md §2): split screen, the form on one side and the 'Dashboard API' promo on
 * the other (§1 pitch: usage and hit rate, monitoring reports, WhatsApp templates; plus the API
 * docs, which need no sign-in); the promo hides on small screens. Each line names something the
 * console has.
 */
import { Anchor, Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconBrandWhatsapp, IconChartBar, IconCheck, IconFileAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../../components/layouts/language-switch.tsx';
import { PesanMark } from '../../../components/layouts/shell-logo.tsx';
import { useApiEvents } from './use-api-events.ts';

/** The promo's lines: icon and common.json key (`authPromo.<key>.title` and `.body`). */
const FEATURES = [
  { key: 'usage', icon: IconChartBar },
  { key: 'reports', icon: IconFileAnalytics },
  { key: 'templates', icon: IconBrandWhatsapp },
  { key: 'docs', icon: IconBook },
] as const;

export default function AuthLayout() {
  useApiEvents();
  const { t } = useTranslation('common');
  return (
    <Box style={{ display: 'flex', minHeight: '100dvh' }}>
      <Box component="main" style={{ flex: '1 1 50%', display: 'flex', alignItems: 'center', justifyContent: 'center' }} p={{ base: 'md', sm: 'xl' }}>
        <Box w="100%" maw={440}>
          <Group mb="xl" justify="space-between" wrap="nowrap">
            <PesanMark size="lg" />
            <LanguageSwitch />
          </Group>
          <Outlet />
        </Box>
      </Box>
      <Box
        component="aside"
        aria-label={t('authPromo.label')}
        visibleFrom="md"
        style={{
          flex: '1 1 50%',
          background: 'linear-gradient(145deg, var(--mantine-color-blue-9), var(--mantine-color-indigo-9))',
          color: 'white',
          display: 'flex',
          alignItems: 'center',
        }}
        p={56}
      >
        <Stack gap="xl" maw={480}>
          <div>
            <Text tt="uppercase" fw={700} size="sm" style={{ letterSpacing: 1.5 }} c="blue.0">
              Pesan
            </Text>
            <Title order={2} c="white" size={40} lh={1.15}>
              {t('authPromo.title')}
            </Title>
            <Text size="lg" mt="sm" c="blue.0">
              {t('authPromo.lead')}
            </Text>
          </div>
          <List spacing="lg" size="md" center icon={<IconCheck size={0} aria-hidden />}>
            {FEATURES.map((f) => (
              <List.Item
                key={f.key}
                icon={
                  <ThemeIcon size={40} radius="md" color="white" variant="white" c="blue.9" aria-hidden>
                    <f.icon size={22} />
                  </ThemeIcon>
                }
              >
                <Text fw={700} c="white">
                  {t(`authPromo.${f.key}.title`)}
                </Text>
                <Text size="sm" c="blue.0">
                  {t(`authPromo.${f.key}.body`)}
                </Text>
              </List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/docs" c="white" fw={700} underline="always">
            {t('authPromo.readDocs')}
          </Anchor>
        </Stack>
      </Box>
    </Box>
  );
}
