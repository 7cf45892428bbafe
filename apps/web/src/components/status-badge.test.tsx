import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusBadge } from './status-badge.tsx';
import { renderWithProviders } from './test-render.tsx';

describe('StatusBadge', () => {
  it('shows the status label', () => {
    renderWithProviders(<StatusBadge status="in_queue" />);
    expect(screen.getByText('In Queue')).toBeTruthy();
  });
  it('shows the reason as a tooltip on hover and is focusable', async () => {
    renderWithProviders(<StatusBadge status="failed" reason="Number is not registered" />);
    const badge = screen.getByText('Failed').closest('[tabindex]') as HTMLElement;
    expect(badge.getAttribute('tabindex')).toBe('0');
    expect(screen.queryByText('Number is not registered')).toBeNull();
    await userEvent.hover(badge);
    expect(await screen.findByText('Number is not registered')).toBeTruthy();
  });
  it.each([undefined, null, '', '  '])("shows '~' as the tooltip without a reason (§2.6; reason %j), on hover and focus, and a WhatsApp template name", async (reason) => {
    renderWithProviders(<StatusBadge status="read" reason={reason} templateName="order_update" />);
    const badge = screen.getByText('Read').closest('[tabindex]') as HTMLElement;
    expect(badge.getAttribute('tabindex')).toBe('0');
    expect(screen.queryByText('~')).toBeNull();
    await userEvent.hover(badge);
    expect(await screen.findByText('~')).toBeTruthy();
    // Screen readers hear the status alone.
    expect(badge.textContent).toBe('Read');
    await userEvent.unhover(badge);
    await waitFor(() => expect(screen.queryByText('~')).toBeNull());
    await userEvent.tab();
    expect(document.activeElement).toBe(badge);
    expect(await screen.findByText('~')).toBeTruthy();
    expect(screen.getByText('order_update')).toBeTruthy();
  });
});
