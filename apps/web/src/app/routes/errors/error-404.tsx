/** /404: the generic 'Error 404' page (console.md §2), outside any layout. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function Error404Page() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <img src="/logo.svg" alt="" width={48} height={48} />
        <Title order={1}>Error 404</Title>
        <Text c="gray.8" maw={420}>
          Sorry, we couldn&apos;t find that page.
        </Text>
        <Button component={Link} to="/">
          Go to the console
        </Button>
      </Stack>
    </Center>
  );
}
