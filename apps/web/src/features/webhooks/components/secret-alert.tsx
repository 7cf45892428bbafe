/**
 * The `whsec_…` signing secret, shown once after the first save or a rotation (ARCHITECTURE.md
 * §6.2): the secret in a monospace block with a copy button and the note that it will not be shown
 * again, and 'I have saved it' to dismiss it.
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';

export const SECRET_ONCE_NOTE = 'Copy it now and store it somewhere safe: it will not be shown again.';

export function SecretAlert({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />} title="Your signing secret" data-testid="webhook-secret" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
      <Stack gap="xs">
        <Text size="sm">Use it to verify the <Code>webhook-signature</Code> header of each delivery. {SECRET_ONCE_NOTE}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            aria-label="Signing secret"
            style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', fontSize: 13, padding: '6px 8px', userSelect: 'all' }}
          >
            {secret}
          </Code>
          <CopyValueButton value={secret} label="Copy secret" size="lg" />
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onDismiss}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
