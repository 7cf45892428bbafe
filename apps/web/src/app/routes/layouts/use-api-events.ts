/**
 * Global reactions to the api-client events (ARCHITECTURE.md §7.3; console.md §4 Session, §8):
 * - a 401 clears the query cache and the stored form data, toasts 'Error!' with the server's
 *   message and goes to /auth/login (replacing the history entry);
 * - a 5xx toasts 'Error!' with the message and keeps the session (deviation 3).
 * A burst of 401s (several queries at once) gives one toast and one navigation; a 5xx and its
 * retry (or several failing queries with the same message) give one toast: the toast id is the message.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiEvents } from '../../../lib/api-client.ts';
import { toastError } from '../../../components/toasts.ts';
import { clearStoredFormData } from '../../../features/auth/utils/browser-storage.ts';

/** Window, in ms, in which further 401s are ignored after the first. */
export const UNAUTHORIZED_BURST_MS = 3_000;

export function useApiEvents(): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const last401 = useRef(0);
  useEffect(() => {
    const unsubscribe = apiEvents.subscribe(({ type, error }) => {
      if (type === 'server-error') {
        toastError(error.message, undefined, `server-error:${error.message}`);
        return;
      }
      const now = Date.now();
      if (now - last401.current < UNAUTHORIZED_BURST_MS) return;
      last401.current = now;
      qc.clear();
      clearStoredFormData();
      toastError(error.message, undefined, 'unauthorized');
      navigate('/auth/login', { replace: true });
    });
    return () => {
      unsubscribe();
    };
  }, [qc, navigate]);
}
