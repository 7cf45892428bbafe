/**
 * The toast container and the modals manager, each loaded on first use (issue 10: first-load
 * JavaScript). Toasts wait in the notifications store until the container mounts; the first
 * `modals.open*` event is replayed by the modals host once it listens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { notificationsStore } from '@mantine/notifications';

const Notifications = lazy(() => import('./toast-container.tsx'));
const ModalsHost = lazy(() => import('./modals-host.tsx'));
const MODAL_OPEN_EVENTS = ['mantine-modals:openModal', 'mantine-modals:openConfirmModal', 'mantine-modals:openContextModal'];

export function LazyOverlays() {
  const [toasts, setToasts] = useState(() => notificationsStore.getState().notifications.length > 0 || notificationsStore.getState().queue.length > 0);
  const [modalEvents, setModalEvents] = useState<CustomEvent[] | null>(null);

  useEffect(() => {
    if (toasts) return;
    const state = notificationsStore.getState();
    if (state.notifications.length > 0 || state.queue.length > 0) return setToasts(true);
    return notificationsStore.subscribe((s) => {
      if (s.notifications.length > 0 || s.queue.length > 0) setToasts(true);
    });
  }, [toasts]);

  useEffect(() => {
    if (modalEvents) return;
    const seen: CustomEvent[] = [];
    const onOpen = (e: Event) => {
      seen.push(e as CustomEvent);
      setModalEvents([...seen]);
    };
    for (const name of MODAL_OPEN_EVENTS) window.addEventListener(name, onOpen);
    return () => {
      for (const name of MODAL_OPEN_EVENTS) window.removeEventListener(name, onOpen);
    };
  }, [modalEvents]);

  return (
    <Suspense fallback={null}>
      {toasts && <Notifications position="top-right" autoClose={2500} />}
      {modalEvents && <ModalsHost replay={modalEvents} />}
    </Suspense>
  );
}
