/**
 * Global reactions to the api-client events (ARCHITECTURE.md §7.3; console.md §8): a 401 clears
 * the query cache, toasts 'Error!' with the message and goes to /auth/login; a 5xx toasts 'Error!'
 * and keeps the session. A burst of 401s (several queries at once) gives one toast.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiEvents } from '../../../lib/api-client.ts';
import { toastError } from '../../../components/toasts.ts';

export function useApiEvents(): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const last401 = useRef(0);
  useEffect(() => {
    const unsubscribe = apiEvents.subscribe(({ type, error }) => {
        if (type === 'server-error') {
          toastError(error.message);
          return;
        }
        const now = Date.now();
        if (now - last401.current < 3_000) return;
        last401.current = now;
        qc.clear();
        toastError(error.message);
      navigate('/auth/login', { replace: true });
    });
    return () => {
      unsubscribe();
    };
  }, [qc, navigate]);
}
