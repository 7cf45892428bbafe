import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { RecordsTable } from './records-table.tsx';

describe('records table', () => {
  it('shows the column headers and, with no rows, the empty-result text outside the scrolling region', async () => {
    renderWithProviders(<RecordsTable channel="sms" rows={[]} loading={false} />);
    const region = await screen.findByRole('region', { name: 'Transactions table' });
    for (const name of ['Message ID', 'Recipient', 'Created At', 'Total SMS', 'Country', 'Status']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    const empty = screen.getByText("Sorry we couldn't find any result");
    expect(region.contains(empty)).toBe(false);
  });

  it('shows the given error block instead of the empty-result text', async () => {
    renderWithProviders(<RecordsTable channel="email" rows={undefined} loading={false} error={<p>Could not load</p>} />);
    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(screen.queryByText("Sorry we couldn't find any result")).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Total SMS' })).toBeNull();
  });
});
