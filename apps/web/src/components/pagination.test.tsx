import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppPagination, rangeText } from './pagination.tsx';
import { renderWithProviders } from './test-render.tsx';

describe('rangeText', () => {
  it('renders from - to of total', () => {
    expect(rangeText(1, 10, 23)).toBe('1 - 10 of 23');
    // A search's count stops at its cap (issue 11).
    expect(rangeText(2, 10, 10000, true)).toBe('11 - 20 of 10,000+');
    expect(rangeText(2, 10, 23)).toBe('11 - 20 of 23');
    expect(rangeText(3, 10, 23)).toBe('21 - 23 of 23');
    expect(rangeText(1, 10, 2)).toBe('1 - 2 of 2');
    expect(rangeText(1, 10, 10)).toBe('1 - 10 of 10');
  });
  it('gives 0 - 0 of 0 for an empty list', () => {
    expect(rangeText(1, 10, 0)).toBe('0 - 0 of 0');
  });
});

describe('AppPagination', () => {
  it('shows the range and moves between pages with named controls', async () => {
    const onChange = vi.fn();
    renderWithProviders(<AppPagination page={1} limit={10} total={23} pages={3} onChange={onChange} />);
    expect(screen.getByText('1 - 10 of 23')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
  it('shows one margin page and three range pages around the active page', () => {
    renderWithProviders(<AppPagination page={10} limit={10} total={200} pages={20} onChange={() => {}} />);
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '20']);
  });
  it('hides the pager with a single page but keeps the range', () => {
    renderWithProviders(<AppPagination page={1} limit={10} total={2} onChange={() => {}} />);
    expect(screen.getByText('1 - 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
