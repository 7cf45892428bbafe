/** API documentation (console.md §2 Docs layout): the guides are not built yet; the OpenAPI reference is. */
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function DocsPage() {
  return (
    <Container size="sm" py={64} component="main">
      <Stack gap="md">
        <Anchor component={Link} to="/my-application" fw={600}>
          Back to the console
        </Anchor>
        <Title order={1}>API Docs</Title>
        <Text>
          Step-by-step guides with CURL, NodeJS and PHP samples are coming soon. The complete reference of the messaging
          API (<code>/v1</code>) and the console API is available now, generated from the server&apos;s own schemas.
        </Text>
        <Group>
          <Button component="a" href="/api/reference">
            Open the API reference
          </Button>
          <Button component="a" href="/api/openapi.json" variant="default">
            Download openapi.json
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
