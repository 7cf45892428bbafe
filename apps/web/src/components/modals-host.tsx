/**
 * Mantine's modals manager, loaded by app/provider.tsx only when a `modals.open*` call (from
 * '@mantine/modals') first fires, and mounted beside the page, not around it: its Modal,
 * ScrollArea and floating-ui stay off every page's first load (issue 10). The call that caused the
 * load is replayed once the manager listens. `useModals()` (context) is not available: use the
 * `modals` functions.
 */
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

export default function ModalsHost({ replay }: { replay: CustomEvent[] }) {
  // Runs after ModalsProvider's own effects subscribed to the window events.
  useEffect(() => {
    for (const e of replay) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
  }, [replay]);
  return <ModalsProvider modalProps={{ size: 600 }} />;
}
