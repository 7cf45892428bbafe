import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { OrganizationSecuritySection } from './organization-security-section.tsx';

describe('organization security section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server refusal under the switch, which stays off; a saved change sticks', async () => {
    let refuse = true;
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'GET') return jsonResponse({ data: { require_2fa: false } });
        bodies.push(JSON.parse(init!.body as string));
        if (refuse) return jsonResponse({ error: { code: 'conflict', message: 'Turn on two-factor sign-in for yourself first', request_id: 'r' } }, 409);
        return jsonResponse({ data: { require_2fa: true } });
      }),
    );
    renderWithProviders(<OrganizationSecuritySection />);
    const toggle = (await screen.findByRole('switch', { name: /Require two-factor sign-in for every member/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Turn on two-factor sign-in for yourself first')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(bodies).toEqual([{ require_2fa: true }]);
    refuse = false;
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(screen.queryByText('Turn on two-factor sign-in for yourself first')).toBeNull();
  });
});
