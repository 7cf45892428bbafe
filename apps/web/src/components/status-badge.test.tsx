import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
  it('has no tooltip without a reason and shows a WhatsApp template name', () => {
    renderWithProviders(<StatusBadge status="read" templateName="order_update" />);
    expect(screen.getByText('Read').closest('[tabindex]')).toBeNull();
    expect(screen.getByText('order_update')).toBeTruthy();
  });
});
