import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { REPORT_MESSAGES } from '@pesan/contracts/reports';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { APPS_LIST, appsAnswer, fakeApi, json, LIST, pageAnswer, reportRow } from '../test/fixtures.ts';
import { GenerateReportView } from './generate-report-view.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const render = (route = '/generate-report') =>
  renderWithProviders(
    <>
      <GenerateReportView />
      <Where />
    </>,
    { route },
  );

describe('Generate Report list', () => {
  it('shows the title, 10 skeleton rows while loading, then the rows with the spec’s columns and total', async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: async () => {
        await wait;
        return pageAnswer(
          [
            reportRow('r1', { name: 'march_sms', channel: 'call' }),
            reportRow('r2', { name: 'broken', status: 'failed', url: null, additional_info: { reason: 'Storage is full' } }),
          ],
          { total: 12, pages: 2 },
        );
      },
    });
    render();
    expect(screen.getByRole('heading', { name: REPORT_MESSAGES.title })).toBeTruthy();
    expect(screen.getByText(REPORT_MESSAGES.subtitle)).toBeTruthy();
    expect(await screen.findAllByTestId('report-skeleton-row')).toHaveLength(10);
    release();
    await screen.findByText('march_sms');
    const table = screen.getByRole('table', { name: 'Reports' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Report Title', 'Channel', 'Create At', 'Total Data', 'Range Date', 'Status', 'Action']);
    const row = within(table).getByText('march_sms').closest('tr')!;
    expect(within(row).getByText('Voice')).toBeTruthy();
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[2]).toMatch(/^15-03-2026 \d{2}:04:05 (AM|PM)$/);
    expect(cells[3]).toBe('120');
    expect(cells[4]).toBe('01-03-2026 - 07-03-2026');
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(screen.getByTestId('reports-total').textContent).toBe('Total : 12');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('opens a done report’s url in a new window; Download is disabled otherwise; a failure reason is a focusable tooltip', async () => {
    fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: () => pageAnswer([reportRow('r1'), reportRow('r2', { status: 'failed', url: null, additional_info: { reason: 'Storage is full' } })]),
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    render();
    const done = await screen.findByRole('button', { name: 'Download report_r1' });
    await userEvent.click(done);
    expect(open).toHaveBeenCalledWith('/api/report/r1/download', '_blank', 'noopener');
    expect((screen.getByRole('button', { name: 'Download report_r2' }) as HTMLButtonElement).disabled).toBe(true);
    const badge = screen.getByText('Failed').closest('[tabindex="0"]') as HTMLElement;
    expect(badge).toBeTruthy();
    act(() => badge.focus());
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getAllByText(/Storage is full/).length).toBeGreaterThan(0);
  });

  it('shows the spec’s empty text', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([]) });
    render();
    expect(await screen.findByText(REPORT_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByTestId('reports-total').textContent).toBe('Total : 0');
  });

  it('asks for nothing when the organization has no application', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer([]), [LIST]: () => pageAnswer([]) });
    render();
    expect(await screen.findByText('No application yet')).toBeTruthy();
    expect(calls.some((c) => c.key === LIST)).toBe(false);
  });

  it('sends every application when none is picked; filters, search and date go back to page 1 with chips', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: (b) => pageAnswer([reportRow(`p${String(b.page)}`)], { total: 30, pages: 3, page: Number(b.page) }) });
    render();
    await screen.findByText('report_p1');
    expect(calls.find((c) => c.key === LIST)!.body).toEqual({ application_id: ['a1', 'a2'], channel: [], type: [], page: 1, limit: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('report_p2');

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // happy-dom has no layout: the popover hides its dropdown as 'detached', so query hidden nodes too.
    const hidden = { hidden: true };
    const search = await screen.findByRole('textbox', { name: 'Search filter options', ...hidden });
    const dropdown = search.closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.type(search, 'kur');
    expect(within(dropdown).queryByRole('checkbox', { name: 'Toko Rina', ...hidden })).toBeNull();
    await userEvent.click(within(dropdown).getByRole('checkbox', { name: 'Kurir Cepat', ...hidden }));
    await userEvent.clear(search);
    await userEvent.click(within(dropdown).getByRole('checkbox', { name: 'Failed', ...hidden }));
    await userEvent.click(within(dropdown).getByRole('button', { name: 'Apply', ...hidden }));
    expect(screen.getByText('Application: Kurir Cepat')).toBeTruthy();
    expect(screen.getByText('Status: Failed')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ application_id: ['a2'], channel: [], type: ['failed'], page: 1, limit: 10 }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Search by report title' }), '0812');
    await waitFor(() => expect(calls.at(-1)!.body.search).toBe('62812'), { timeout: 2000 });
    // One call for the four keystrokes (debounced).
    expect(calls.filter((c) => c.key === LIST && c.body.search !== undefined)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Status: Failed' }));
    await waitFor(() => expect(calls.at(-1)!.body.type).toEqual([]), { timeout: 2000 });

    expect(screen.getByRole('button', { name: 'Date range: All Time' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Date range: All Time' }));
    await userEvent.click(await screen.findByText('Yesterday'));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), page: 1 }));
    expect(screen.getByText('Date: Yesterday')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset date range to All Time' }));
    await waitFor(() => expect(calls.at(-1)!.body.start_date).toBeUndefined());
    expect(screen.queryByText(/^Date: /)).toBeNull();
  });

  it('shows the progress of a report being made and polls until it is done', async () => {
    let n = 0;
    const calls = fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: () => {
        n += 1;
        if (n === 1) return pageAnswer([reportRow('r1', { status: 'processing', data_processed: 1234, total_data: 5000, url: null })]);
        return pageAnswer([reportRow('r1', { status: 'done', data_processed: 5000, total_data: 5000 })]);
      },
    });
    render();
    const bar = await screen.findByRole('progressbar', { name: '1,234 of 5,000 rows' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByText('Processing')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download report_r1' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 4000 });
    expect(screen.getByText('Done')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download report_r1' }) as HTMLButtonElement).disabled).toBe(false);
    const polls = calls.filter((c) => c.key === LIST).length;
    await new Promise((r) => setTimeout(r, 1800));
    expect(calls.filter((c) => c.key === LIST)).toHaveLength(polls);
  });

  it('shows a preparing report as waiting to start', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([reportRow('r1', { status: 'in-queue', data_processed: 0, total_data: null, url: null })]) });
    render();
    expect(await screen.findByRole('progressbar', { name: 'Waiting to start' })).toBeTruthy();
    expect(screen.getByText('Preparation')).toBeTruthy();
  });

  it('toasts when the application list fails', async () => {
    fakeApi({ [APPS_LIST]: () => json({ error: { code: 'forbidden', message: 'No organization' } }, 403) });
    render();
    expect(await screen.findByText('No organization', { selector: '.mantine-Notification-description' })).toBeTruthy();
  });
});

describe('Generate Report at 375 px', () => {
  it('shows cards instead of the table, with status, progress and Download', async () => {
    vi.stubGlobal('matchMedia', (query: string) => {
      const m = /max-width:\s*([\d.]+)em/.exec(query);
      return {
        matches: m ? 375 <= Number(m[1]) * 16 : false,
        media: query, onchange: null,
        addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
      };
    });
    fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: () => pageAnswer([reportRow('r1'), reportRow('r2', { status: 'processing', data_processed: 10, total_data: 40, url: null })]),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('article', { name: 'report_r2' });
    expect(within(card).getByText('Processing')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: '10 of 40 rows' })).toBeTruthy();
    expect(card.textContent).toContain('01-03-2026 - 07-03-2026');
    expect((within(list).getByRole('button', { name: 'Download report_r1' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Generate Report pop-up from the address', () => {
  it('opens prefilled from Monitoring’s Export link and removes the parameters', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([]) });
    render('/generate-report?create=1&application_id=a1&channel=sms&status=delivered&start_date=2026-03-01&end_date=2026-03-07');
    const dialog = await screen.findByRole('dialog', { name: 'Generate New Report' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Application/) as HTMLInputElement).value).toBe('Toko Rina'));
    expect((within(dialog).getByLabelText(/^Channel/) as HTMLInputElement).value).toBe('SMS');
    expect(within(dialog).getByText('Delivered')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Date: 01 Mar 2026 - 07 Mar 2026' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/generate-report'));
  });

  it('maps status all and ISO dates', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([]) });
    render('/generate-report?create=1&application_id=a2&channel=whatsapp&status=all&start_date=2026-03-01T05:00:00.000Z&end_date=2026-03-02T05:00:00.000Z');
    const dialog = await screen.findByRole('dialog', { name: 'Generate New Report' });
    expect(within(dialog).getByText('All')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Date: 01 Mar 2026 - 02 Mar 2026' })).toBeTruthy();
  });

  it('does not open without the create flag', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([]) });
    render('/generate-report?channel=sms');
    await screen.findByText(REPORT_MESSAGES.empty);
    expect(screen.queryByRole('dialog', { name: 'Generate New Report' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+ Generate New Report' }));
    expect(await screen.findByRole('dialog', { name: 'Generate New Report' })).toBeTruthy();
  });
});
