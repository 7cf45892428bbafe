/** Fallback page inside the main layout (console.md §2). */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={80} ta="center">
      <Text fw={800} size="64px" lh={1}>
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="gray.8" maw={420}>
        The page you are looking for does not exist or has been moved.
      </Text>
      <Button component={Link} to="/my-application">
        Back to My Application
      </Button>
    </Stack>
  );
}
