import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { WA_TEMPLATE_API_MESSAGES as M } from '@pesan/contracts/wa-template-api';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { apiError, APPS, APPS_LIST, appsAnswer, BULK, fakeApi, json, LIST, pageAnswer, templateRow } from '../test/fixtures.ts';
import { TemplatesListPage } from './templates-list-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** happy-dom has no layout: popovers and menus count as hidden, so query hidden nodes too. */
const hidden = { hidden: true };

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + (l.state ? ` ${JSON.stringify(l.state)}` : '')}</output>;
}
const render = (basePath = '/whatsapp-template') =>
  renderWithProviders(
    <>
      <TemplatesListPage basePath={basePath} />
      <Where />
    </>,
    { route: basePath },
  );

const ROWS = [templateRow('t1', 'DRAFT'), templateRow('t2', 'PENDING'), templateRow('t3', 'APPROVED'), templateRow('t4', 'REJECTED'), templateRow('t5', 'PAUSED'), templateRow('t6', 'DISABLED')];
const rowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('tr')!;

/** Opens the row's action menu; resolves to its items. */
async function openMenu(name: string) {
  const target = screen.getByRole('button', { name: `Actions for ${name}` });
  await userEvent.click(target);
  await waitFor(() => expect(document.getElementById(target.getAttribute('aria-controls') ?? '')).toBeTruthy());
  return within(document.getElementById(target.getAttribute('aria-controls')!)!).getAllByRole('menuitem', hidden);
}

/** Opens the Filters panel; resolves to it (found through one of its boxes: happy-dom hides the popover, so it has no accessible name). */
async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  return (await screen.findByRole('checkbox', { name: 'Draft', ...hidden })).closest<HTMLElement>('[role="dialog"]')!;
}

describe('Whatsapp Template list', () => {
  it('shows the title, Add Template, 10 skeleton rows while loading, then the rows with the spec’s columns and formats and the range label', async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: async () => {
        await wait;
        return pageAnswer(ROWS, { total: 16, pages: 2 });
      },
    });
    render();
    expect(screen.getByRole('heading', { name: 'Whatsapp Template' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Template' })).toBeTruthy();
    expect(await screen.findAllByTestId('template-skeleton-row')).toHaveLength(10);
    release();
    await screen.findByText('promo_t1');
    const table = screen.getByRole('table', { name: 'Whatsapp templates' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Template Name', 'Date', 'Status', 'Template Code', 'Notes', 'Action']);
    expect(within(table).getByRole('checkbox', { name: 'Select all templates on this page' })).toBeTruthy();
    const cells = within(rowOf('promo_t4')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[1]).toBe('promo_t4Toko Rina');
    expect(cells[2]).toMatch(/^15-03-2026 \d{2}:04:05 (AM|PM)$/);
    expect(cells[3]).toBe('Rejected');
    expect(cells[4]).toBe('TPL-T4');
    expect(cells[5]).toBe('INVALID_FORMAT: Body must not end with a variable');
    expect(within(rowOf('promo_t1')).getAllByRole('cell')[5]!.textContent).toBe('-');
    for (const label of ['Draft', 'In Review', 'Approved', 'Rejected', 'Paused', 'Disabled']) expect(within(table).getByText(label)).toBeTruthy();
    expect(screen.getByTestId('pager-range').textContent).toBe('1 - 10 of 16');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('asks for every application and status on page 1 first, then page 2 when asked', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: (b) => pageAnswer([templateRow(`p${String(b.page)}`)], { total: 12, pages: 2, page: Number(b.page) }) });
    render();
    await screen.findByText('promo_p1');
    expect(calls.find((c) => c.key === LIST)!.body).toEqual({ application_id: [], status: [], page: 1, limit: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('promo_p2');
    expect(calls.at(-1)!.body).toEqual({ application_id: [], status: [], page: 2, limit: 10 });
    expect(screen.getByTestId('pager-range').textContent).toBe('11 - 12 of 12');
  });

  it('shows the spec’s empty text, and a failed list with Try again', async () => {
    let fail = true;
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => (fail ? apiError(400, 'The list is broken') : pageAnswer([])) });
    render();
    expect(await screen.findByText('The templates could not be loaded')).toBeTruthy();
    expect(screen.getByText('The list is broken')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.getByTestId('pager-range').textContent).toBe('0 - 0 of 0');
  });

  it('filters by status and application with Apply, shows removable chips, searches with a leading 0 as 62, always from page 1', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: (b) => pageAnswer([templateRow(`p${String(b.page)}`)], { total: 30, pages: 3, page: Number(b.page) }) });
    render();
    await screen.findByText('promo_p1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('promo_p3');

    const panel = await openFilters();
    const statusGroup = within(panel).getByRole('group', { name: 'Status', ...hidden });
    expect(within(statusGroup).getAllByRole('checkbox', hidden).map((c) => c.closest('.mantine-Checkbox-root')!.textContent)).toEqual(['All', 'Draft', 'In Review', 'Approved', 'Rejected', 'Paused', 'Disabled']);
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Rejected', ...hidden }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Draft', ...hidden }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Kurir Cepat', ...hidden }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply', ...hidden }));
    expect(screen.getByText('Status: Draft')).toBeTruthy();
    expect(screen.getByText('Status: Rejected')).toBeTruthy();
    expect(screen.getByText('Application: Kurir Cepat')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Filters/ }).textContent).toContain('3');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ application_id: ['a2'], status: ['DRAFT', 'REJECTED'], page: 1, limit: 10 }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Status: Draft' }));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ application_id: ['a2'], status: ['REJECTED'], page: 1, limit: 10 }));

    const before = calls.length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by template name' }), '0812');
    // Not on every keystroke: once, 500 ms after the last one.
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ search: '62812', page: 1 }));
    expect(calls.slice(before).filter((c) => c.key === LIST)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ application_id: [], status: [], search: '62812', page: 1, limit: 10 }));
    expect(screen.queryByText('Status: Rejected')).toBeNull();
  });

  it('the All box ticks every filter status', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS) });
    render();
    await screen.findByText('promo_t1');
    const panel = await openFilters();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'All', ...hidden }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply', ...hidden }));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ status: ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] }));
  });

  it('offers Edit only for Draft and Rejected templates, and edits in the same route family', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS) });
    render('/new-whatsapp-template');
    await screen.findByText('promo_t1');
    const names = async (row: string) => (await openMenu(row)).map((i) => i.textContent);
    expect(await names('promo_t3')).toEqual(['Preview', 'Duplicate', 'Delete']);
    await userEvent.keyboard('{Escape}');
    expect(await names('promo_t2')).toEqual(['Preview', 'Duplicate', 'Delete']);
    await userEvent.keyboard('{Escape}');
    expect(await names('promo_t4')).toEqual(['Preview', 'Edit', 'Duplicate', 'Delete']);
    await userEvent.keyboard('{Escape}');
    const items = await openMenu('promo_t1');
    expect(items.map((i) => i.textContent)).toEqual(['Preview', 'Edit', 'Duplicate', 'Delete']);
    await userEvent.click(items[1]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/new-whatsapp-template\/edit\/t1 /));
    expect(JSON.parse(screen.getByTestId('where').textContent!.replace(/^\S+ /, '')).template._id).toBe('t1');
  });

  it('duplicates after the confirmation and toasts; a failure toasts Error! with the server’s message', async () => {
    let fail = false;
    const calls = fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: () => pageAnswer(ROWS),
      'PUT /api/wa/template/duplicate/*': () => (fail ? apiError(404, 'Template not found', 'not_found') : json({ data: templateRow('copy', 'DRAFT') }, 201)),
    });
    render();
    await screen.findByText('promo_t3');
    await userEvent.click((await openMenu('promo_t3'))[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Template' });
    expect(within(dialog).getByText(M.duplicateConfirm)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    await userEvent.click((await openMenu('promo_t3'))[1]!);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Duplicate Template' })).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText(M.duplicated)).toBeTruthy();
    expect(calls.find((c) => c.key.startsWith('PUT'))!.path).toBe('/api/wa/template/duplicate/t3');
    // The list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.key === LIST).length).toBeGreaterThanOrEqual(2));

    fail = true;
    await userEvent.click((await openMenu('promo_t3'))[1]!);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Duplicate Template' })).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Error!')).toBeTruthy();
    expect(screen.getByText('Template not found')).toBeTruthy();
  });

  it('deletes one template after the confirmation and toasts', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS), 'DELETE /api/wa/template/*': () => json({ data: { status: true } }) });
    render();
    await screen.findByText('promo_t5');
    await userEvent.click((await openMenu('promo_t5'))[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Template' });
    expect(within(dialog).getByText(M.deleteConfirm, { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('promo_t5')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(calls.find((c) => c.key.startsWith('DELETE'))!.path).toBe('/api/wa/template/t5');
  });

  it('selects the page with the header checkbox, shows the bar and bulk-deletes after the confirmation', async () => {
    const calls = fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS.slice(0, 3)), [BULK]: (b) => json({ data: { status: true, deleted: (b.template_ids as string[]).length } }) });
    render();
    await screen.findByText('promo_t1');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select promo_t2' }));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('1 template selected. Do you want to delete the selected template?');
    // Announced to screen readers.
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('1 template selected. Do you want to delete the selected template?');
    const all = screen.getByRole('checkbox', { name: 'Select all templates on this page' }) as HTMLInputElement;
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    await userEvent.click(all);
    expect(within(screen.getByTestId('bulk-bar')).getByText('3 template selected. Do you want to delete the selected template?')).toBeTruthy();
    expect(ROWS.slice(0, 3).every((r) => (screen.getByRole('checkbox', { name: `Select ${r.template_name}` }) as HTMLInputElement).checked)).toBe(true);

    await userEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 templates' });
    expect(within(dialog).getByText(M.deleteConfirm)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(calls.find((c) => c.key === BULK)!.body).toEqual({ template_ids: ['t1', 't2', 't3'] });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it('unticking the header checkbox clears the page', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS.slice(0, 2)) });
    render();
    await screen.findByText('promo_t1');
    const all = screen.getByRole('checkbox', { name: 'Select all templates on this page' });
    await userEvent.click(all);
    expect(within(screen.getByTestId('bulk-bar')).getByText('2 template selected. Do you want to delete the selected template?')).toBeTruthy();
    await userEvent.click(all);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('opens the preview from the row menu with the application’s WhatsApp sender name, else its channel’s sender name', async () => {
    let detail = true;
    fakeApi({
      [APPS_LIST]: () => appsAnswer(),
      [LIST]: () => pageAnswer([...ROWS, templateRow('t7', 'APPROVED', { application_id: 'a2', application_name: 'Kurir Cepat' })]),
      'GET /api/application/*': (_b, _q, path) =>
        detail && path.endsWith('/a1') ? json({ data: { ...JSON.parse(JSON.stringify(APPS[0])), whatsapp_sender: { display_name: 'Rina Store', phone_number_id: 'p', waba_id: 'w', messages_per_second: null } } }) : apiError(404, 'Application not found', 'not_found'),
    });
    render();
    await screen.findByText('promo_t3');
    await userEvent.click((await openMenu('promo_t3'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Preview Template' });
    expect(within(dialog).getByTestId('preview-template-code').textContent).toBe('TPL-T3');
    await waitFor(() => expect(within(dialog).getByTestId('preview-sender').textContent).toBe('Rina Store'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview Template' })).toBeNull());
    // No lookup answer, no channel sender name: the placeholder.
    await userEvent.click((await openMenu('promo_t7'))[0]!);
    const again = await screen.findByRole('dialog', { name: 'Preview Template' });
    await waitFor(() => expect(within(again).getByTestId('preview-sender').textContent).toBe('Your Business'));
    // No error toast for a failed lookup.
    expect(screen.queryByText('Application not found')).toBeNull();
  });
});
