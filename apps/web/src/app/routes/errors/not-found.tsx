/** Fallback page inside the main layout (console.md §2). */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Stack align="center" gap="md" py={80} ta="center">
      <Text fw={800} size="64px" lh={1}>
        404
      </Text>
      <Title order={1} size="h2">
        {t('errorPages.notFound.title')}
      </Title>
      <Text c="gray.8" maw={420}>
        {t('errorPages.notFound.text')}
      </Text>
      <Button component={Link} to="/my-application">
        {t('errorPages.notFound.action')}
      </Button>
    </Stack>
  );
}
