/**
 * The leave-page guard (templates-dashboard-reports.md §8: 'Leave this page?' with Stay and Leave
 * on unsaved changes): in-app navigation waits for the dialog; closing or reloading the tab gets
 * the browser's own prompt (console.md §2 Notification settings; used there and by the template
 * editor).
 */
import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** The dialog's English texts (shown through common.json `leave`, in the interface language). */
export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  text: 'You have unsaved changes. If you leave, they will be lost.',
} as const;

/**
 * Blocks leaving while `dirty`. `allow()` lets the next navigation through (after a save).
 * Returns the dialog's state for LeaveDialog.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return {
    opened: blocker.state === 'blocked',
    stay: () => blocker.state === 'blocked' && blocker.reset(),
    leave: () => blocker.state === 'blocked' && blocker.proceed(),
    allow: () => {
      allowed.current = true;
    },
  };
}

/** 'Leave this page?' with Stay and Leave. */
export function LeaveDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onStay} title={t('leave.title')} centered closeButtonProps={{ 'aria-label': t('leave.close') }}>
      <Stack>
        <Text size="sm">{t('leave.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            {t('leave.stay')}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
