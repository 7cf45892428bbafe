/**
 * Error page for a route that could not load (its guard or code failed): instead of a blank screen
 * or a stack trace, a clear message and 'Try again'. The usual case is a server that cannot be
 * reached (the api-client's network message); anything else shows the error's message when it is an
 * API error, else a generic line. Loaded eagerly: it must render when code chunks cannot be fetched.
 */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';

/**
 * The line shown for `error`: an API error's own message, a route response's status text, or a
 * generic one (in the interface language).
 */
export function routeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof TypeError && /fetch|import/i.test(error.message)) return i18n.t('common:errors.network');
  return i18n.t('common:errorPages.routeError.generic');
}

export default function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={460} role="alert">
        <img src="/logo.svg" alt="" width={48} height={48} />
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('errorPages.routeError.title')}
        </Title>
        <Text c="gray.8">{routeErrorMessage(error)}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{t('errorPages.routeError.retry')}</Button>
          <Button component="a" href="/my-application" variant="default">
            {t('errorPages.routeError.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
