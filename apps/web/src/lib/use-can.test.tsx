import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { useCan, useRole } from './use-can.ts';

function wrapper(session?: Partial<User> | null) {
  const client = new QueryClient();
  if (session !== undefined) client.setQueryData(['auth', 'session'], session);
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useCan', () => {
  it("follows the signed-in user's role", () => {
    const viewer = renderHook(() => useCan(), { wrapper: wrapper({ id: 'u', role: 'viewer' }) }).result.current;
    expect(viewer('applications.create')).toBe(false);
    expect(viewer('reports.generate')).toBe(true);
    const developer = renderHook(() => useCan(), { wrapper: wrapper({ id: 'u', role: 'developer' }) }).result.current;
    expect(developer('applications.create')).toBe(true);
    expect(developer('applications.delete')).toBe(false);
    expect(developer('audit.read')).toBe(false);
    const owner = renderHook(() => useCan(), { wrapper: wrapper({ id: 'u', role: 'owner' }) }).result.current;
    expect(owner('audit.read')).toBe(true);
  });

  it('hides everything from an anonymous visitor and nothing before the session is known', () => {
    expect(renderHook(() => useCan(), { wrapper: wrapper(null) }).result.current('read')).toBe(false);
    expect(renderHook(() => useCan(), { wrapper: wrapper() }).result.current('applications.delete')).toBe(true);
    expect(renderHook(() => useRole(), { wrapper: wrapper({ id: 'u', role: 'admin' }) }).result.current).toBe('admin');
  });
});
