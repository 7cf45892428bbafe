/** /404: the generic 'Error 404' page (console.md §2), outside any layout. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function Error404Page() {
  const { t } = useTranslation('common');
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <img src="/logo.svg" alt="" width={48} height={48} />
        <Title order={1}>{t('errorPages.error404.title')}</Title>
        <Text c="gray.8" maw={420}>
          {t('errorPages.error404.text')}
        </Text>
        <Button component={Link} to="/">
          {t('errorPages.error404.action')}
        </Button>
      </Stack>
    </Center>
  );
}
