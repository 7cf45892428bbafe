/**
 * Spinners that only appear once a wait has lasted DELAYED_LOADER_MS (issue 28 part 3: no spinner
 * flashes for a fast answer, and none is shown for long without a hint of what comes): a lazy
 * chunk or a quick call that settles sooner shows nothing at all. For data whose shape is known,
 * prefer a skeleton (./skeletons.tsx).
 */
import { useEffect, useState } from 'react';
import { Group, Loader, Text, type LoaderProps } from '@mantine/core';

/** How long a wait lasts before a spinner appears, in ms. */
export const DELAYED_LOADER_MS = 300;

/** True once `active` has been true for `delayMs` without a break; false again as soon as it turns false. */
export function useDelayedFlag(active: boolean, delayMs = DELAYED_LOADER_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

/**
 * A Mantine Loader that renders only after `delayMs` (default DELAYED_LOADER_MS); until then an
 * empty, labelled status region, so the wait is still announced and nothing jumps when it appears.
 */
export function DelayedLoader({ delayMs = DELAYED_LOADER_MS, 'aria-label': label, ...props }: LoaderProps & { delayMs?: number; 'aria-label'?: string }) {
  const shown = useDelayedFlag(true, delayMs);
  return shown ? <Loader aria-label={label} {...props} /> : <span role="status" aria-label={label} aria-busy="true" />;
}

/**
 * A small hint that cached data on screen is being refreshed in the background
 * (stale-while-revalidate): nothing for a quick refetch, a tiny spinner and `label` after
 * `delayMs`. The data itself stays as it is.
 */
export function RefreshingHint({ active, label, delayMs = DELAYED_LOADER_MS }: { active: boolean; label: string; delayMs?: number }) {
  const shown = useDelayedFlag(active, delayMs);
  if (!shown) return null;
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="refreshing-hint">
      <Loader size={12} aria-hidden />
      <Text size="xs" c="gray.7">
        {label}
      </Text>
    </Group>
  );
}
