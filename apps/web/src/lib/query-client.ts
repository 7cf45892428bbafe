import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** One QueryClient: no retry on 4xx, one retry on network/5xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});
