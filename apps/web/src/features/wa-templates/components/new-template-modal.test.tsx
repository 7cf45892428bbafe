import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { WA_TEMPLATE_LANGUAGES } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { APPS_LIST, appsAnswer, CHECK, fakeApi, json, LIST, pageAnswer } from '../test/fixtures.ts';
import { META_CATEGORIES_URL, NEW_TEMPLATE_MODAL_TITLE } from './new-template-modal.tsx';
import { TemplatesListPage } from './templates-list-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + (l.state ? ` ${JSON.stringify(l.state)}` : '')}</output>;
}

/** The list page at `basePath` with the modal opened by 'Add Template'; `taken` names are not available. */
async function openModal(basePath = '/whatsapp-template', taken: string[] = []) {
  const calls = fakeApi({
    [APPS_LIST]: () => appsAnswer(),
    [LIST]: () => pageAnswer([]),
    [CHECK]: (_b, q) => json({ data: { available: !taken.includes(q.get('name')!), name: q.get('name') } }),
  });
  renderWithProviders(
    <>
      <TemplatesListPage basePath={basePath} />
      <Where />
    </>,
    { route: basePath },
  );
  await userEvent.click(screen.getAllByRole('button', { name: 'Add Template' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: NEW_TEMPLATE_MODAL_TITLE });
  // The first application is chosen once the list arrives.
  await waitFor(() => expect((within(dialog).getByLabelText(/^Application/) as HTMLInputElement).value).toBe('Toko Rina'));
  return { dialog, calls };
}

async function pickLanguage(dialog: HTMLElement, search: string, option: string) {
  const input = within(dialog).getByLabelText(/^Language/);
  await userEvent.click(input);
  await userEvent.type(input, search);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${option.replace(/[()]/g, '\\$&')}`), hidden: true }));
}

describe('New Whatsapp Template modal', () => {
  it('shows the spec’s messages for every missing field and asks nothing', async () => {
    const { dialog, calls } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    for (const m of [M.nameRequired, M.categoryRequired, M.languageRequired]) expect(within(dialog).getByText(m)).toBeTruthy();
    expect(calls.some((c) => c.key === CHECK)).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/whatsapp-template');
  });

  it('sanitises the name as typed, counts it up to 512, and checks it 500 ms after typing stops', async () => {
    const { dialog, calls } = await openModal('/whatsapp-template', ['promo_march']);
    const name = within(dialog).getByLabelText(/^Template Name/) as HTMLInputElement;
    await userEvent.type(name, 'Promo March!');
    expect(name.value).toBe('promo_march');
    expect(within(dialog).getByText('11/512')).toBeTruthy();
    expect(await within(dialog).findByText(M.nameTaken, undefined, { timeout: 2000 })).toBeTruthy();
    const checks = calls.filter((c) => c.key === CHECK);
    // One call for the whole word, with the chosen application.
    expect(checks).toHaveLength(1);
    expect(Object.fromEntries(checks[0]!.query)).toEqual({ name: 'promo_march', application_id: 'a1' });

    await userEvent.type(name, '_2');
    expect(await within(dialog).findByRole('img', { name: 'The name is available' }, { timeout: 2000 })).toBeTruthy();
    expect(within(dialog).queryByText(M.nameTaken)).toBeNull();

    await userEvent.clear(name);
    await userEvent.paste('x'.repeat(600));
    expect(name.value).toHaveLength(512);
    expect(within(dialog).getByText('512/512')).toBeTruthy();
  });

  it('offers every language, searchable by name or code, and the categories as radio cards with the help link', async () => {
    const { dialog } = await openModal();
    const input = within(dialog).getByLabelText(/^Language/);
    await userEvent.click(input);
    expect(await screen.findAllByRole('option', { hidden: true })).toHaveLength(WA_TEMPLATE_LANGUAGES.length);
    await userEvent.type(input, 'pt_br');
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Portuguese (BR)pt_BR']));
    expect(within(dialog).getAllByRole('radio').map((r) => r.textContent)).toEqual([
      'MarketingPromotions and information.',
      'UtilityMessages about an existing order or account.',
      'AuthenticationCodes to verify a transaction or login.',
    ]);
  });

  it('‘Learn more about categories’ opens the explanation modal (§2.3) over the form: the three meanings, Meta’s page inside, Esc closes it alone', async () => {
    const { dialog } = await openModal();
    await userEvent.type(within(dialog).getByLabelText(/^Template Name/), 'spring promo');
    const learn = within(dialog).getByRole('button', { name: 'Learn more about categories' });
    // Not a link away from the console.
    expect(within(dialog).queryByRole('link', { name: /Learn more about categories/ })).toBeNull();
    await userEvent.click(learn);
    const help = await screen.findByRole('dialog', { name: 'Template categories' });
    expect(help.getAttribute('aria-modal')).toBe('true');
    const terms = within(help).getAllByRole('term').map((el) => el.textContent);
    const meanings = within(help).getAllByRole('definition').map((el) => el.textContent);
    expect(terms).toEqual(['Marketing', 'Utility', 'Authentication']);
    expect(meanings).toEqual(['Promotions and information.', 'Messages about an existing order or account.', 'Codes to verify a transaction or login.']);
    const meta = within(help).getByRole('link', { name: /Meta’s guide to template categories|Meta's guide to template categories/ });
    expect(meta.getAttribute('href')).toBe(META_CATEGORIES_URL);
    expect(meta.getAttribute('target')).toBe('_blank');
    // Focus is inside the explanation.
    await waitFor(() => expect(help.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Template categories' })).toBeNull());
    // The form is still open, with what was typed.
    const form = screen.getByRole('dialog', { name: NEW_TEMPLATE_MODAL_TITLE });
    expect((within(form).getByLabelText(/^Template Name/) as HTMLInputElement).value).toBe('spring_promo');
    // Close works too.
    await userEvent.click(within(form).getByRole('button', { name: 'Learn more about categories' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Template categories' })).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Template categories' })).toBeNull());
    expect(screen.getByRole('dialog', { name: NEW_TEMPLATE_MODAL_TITLE })).toBeTruthy();
  });

  it('Continue opens create in the same family with the choice as navigation state', async () => {
    const { dialog } = await openModal('/new-whatsapp-template');
    await userEvent.type(within(dialog).getByLabelText(/^Template Name/), 'order update');
    await pickLanguage(dialog, 'Indo', 'Indonesian');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Utility/ }));
    // Pick the other application.
    await userEvent.click(within(dialog).getByLabelText(/^Application/));
    await userEvent.click(await screen.findByRole('option', { name: 'Kurir Cepat', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/new-whatsapp-template\/create /));
    expect(JSON.parse(screen.getByTestId('where').textContent!.replace(/^\S+ /, ''))).toEqual({
      template_name: 'order_update',
      template_category: 'UTILITY',
      language: 'id',
      application_id: 'a2',
    });
  });

  it('Continue before the check ran checks at once and stays when the name is taken', async () => {
    const { dialog, calls } = await openModal('/whatsapp-template', ['taken_name']);
    await pickLanguage(dialog, 'English (US', 'English (US)');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Marketing/ }));
    await userEvent.type(within(dialog).getByLabelText(/^Template Name/), 'taken_name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(M.nameTaken)).toBeTruthy();
    expect(calls.some((c) => c.key === CHECK)).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/whatsapp-template');
  });

  it('Cancel closes the modal', async () => {
    const { dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: NEW_TEMPLATE_MODAL_TITLE })).toBeNull());
  });
});
