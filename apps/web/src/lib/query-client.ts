import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * One QueryClient: no retry on 4xx, one retry on network/5xx. Stale-while-revalidate (issue 28):
 * an answer counts as fresh for 15 s and stays cached for 30 min, so a list the user comes back to
 * shows at once and refetches behind it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      gcTime: 30 * 60_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});
