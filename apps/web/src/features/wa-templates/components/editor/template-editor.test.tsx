import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { createState, fakeApi, json, renderEditor, type Call } from './editor-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const byLabel = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const body = () => byLabel('Body text') as unknown as HTMLTextAreaElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const btn = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const preview = () => within(screen.getByRole('figure', { name: 'Template preview' }));
const previewText = () => screen.getByRole('figure', { name: 'Template preview' }).textContent ?? '';
const region = (name: string) => within(screen.getByRole('region', { name }));
/** The error Mantine shows under an input (linked by aria-describedby). */
const errorOf = (el: HTMLElement) => document.getElementById(`${el.id}-error`)?.textContent ?? '';
/** Lets the caret restore (scheduled for the next frame) run before the test moves it. */
const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

/** The Add button menu's dropdown, opened (happy-dom hides Mantine's dropdowns from the accessibility tree: items are found with `hidden`). */
async function openMenu() {
  const target = btn('Add button');
  if (target.getAttribute('aria-expanded') !== 'true') fireEvent.click(target);
  await waitFor(() => expect(document.getElementById(target.getAttribute('aria-controls') ?? '')).toBeTruthy());
  return within(document.getElementById(target.getAttribute('aria-controls')!)!);
}

async function menuItem(kind: RegExp) {
  return (await openMenu()).getByRole('menuitem', { name: kind, hidden: true }) as HTMLButtonElement;
}

async function closeMenu() {
  const target = btn('Add button');
  fireEvent.click(target);
  await waitFor(() => expect(target.getAttribute('aria-expanded')).toBe('false'));
}

async function addButton(kind: RegExp) {
  const item = await menuItem(kind);
  expect(item.disabled).toBe(false);
  fireEvent.click(item);
  await waitFor(() => expect(btn('Add button').getAttribute('aria-expanded')).toBe('false'));
}

async function openCreate(over: Record<string, unknown> = {}, path = '/whatsapp-template/create') {
  const utils = renderEditor(path, createState(over));
  await screen.findByRole('heading', { name: 'Create Template' });
  return utils;
}

/** Fills a body that passes every rule: two variables with samples. */
function fillValidBody() {
  type(body(), 'Hello {{1}}, your order {{2}} is on its way today.');
  type(byLabel('Body sample for {{1}}'), 'Maria');
  type(byLabel('Body sample for {{2}}'), 'A-1001');
}

describe('template editor: create mode', () => {
  it('shows the title, breadcrumb, template details and sections, with Save as Draft and Submit disabled on an empty form', async () => {
    fakeApi({});
    await openCreate();
    expect(screen.getByText('Form Create Template WhatsApp')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WhatsApp Template List' }).getAttribute('href')).toBe('/whatsapp-template');
    expect(screen.getByText('order_update')).toBeTruthy();
    expect(screen.getByText('English (US) (en_US)')).toBeTruthy();
    for (const name of ['Header', 'Body', 'Footer', 'Buttons']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(btn('Save as Draft').disabled).toBe(true);
    expect(btn('Submit').disabled).toBe(true);
    // Why Submit is disabled is listed under the form.
    expect(within(screen.getByRole('note', { name: 'Before you can submit' })).getByText(M.bodyRequired)).toBeTruthy();
  });

  it('goes back to the list without the modal’s choice in the navigation state, in either route family', async () => {
    fakeApi({});
    renderEditor('/whatsapp-template/create');
    expect(await screen.findByRole('heading', { name: 'Template list' })).toBeTruthy();
  });

  it('uses the /new-whatsapp-template family for the breadcrumb', async () => {
    fakeApi({});
    await openCreate({}, '/new-whatsapp-template/create');
    expect(screen.getByRole('link', { name: 'WhatsApp Template List' }).getAttribute('href')).toBe('/new-whatsapp-template');
  });
});

describe('template editor: live rules on their fields', () => {
  it('body: counter, too long, starting or ending with a variable, adjacent variables', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Hi there');
    expect(screen.getByText('8/1024')).toBeTruthy();
    expect(errorOf(body())).toBe('');
    type(body(), '{{1}} is your name, friend');
    expect(errorOf(body())).toContain(M.bodyStartsWithVariable);
    type(body(), 'Dear customer, thanks {{1}}{{2}} so much for ordering {{3}}');
    expect(errorOf(body())).toContain(M.bodyEndsWithVariable);
    expect(errorOf(body())).toContain(M.bodyAdjacentVariables('{{1}}', '{{2}}'));
    type(body(), 'x'.repeat(1025));
    expect(errorOf(body())).toContain(M.bodyTooLong);
    expect(screen.getByText('1025/1024')).toBeTruthy();
  });

  it('header: text of 60 characters at most with one variable and its sample; changing the choice clears it', async () => {
    fakeApi({});
    await openCreate();
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    const header = byLabel('Header text');
    type(header, 'y'.repeat(61));
    expect(errorOf(header)).toBe(M.headerTooLong);
    type(header, 'Order ');
    header.setSelectionRange(6, 6);
    fireEvent.click(btn('Add variable to header'));
    expect(byLabel('Header text').value).toBe('Order {{1}}');
    expect(btn('Add variable to header').disabled).toBe(true);
    expect(errorOf(byLabel('Header sample for {{1}}'))).toBe(M.variableSample('Header', '{{1}}'));
    type(byLabel('Header sample for {{1}}'), '#1001');
    expect(errorOf(byLabel('Header sample for {{1}}'))).toBe('');
    expect(previewText()).toContain('Order #1001');
    fireEvent.click(screen.getByRole('radio', { name: 'None' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    expect(byLabel('Header text').value).toBe('');
  });

  it('footer: 60 characters at most', async () => {
    fakeApi({});
    await openCreate();
    type(byLabel('Footer text'), 'z'.repeat(61));
    expect(errorOf(byLabel('Footer text'))).toBe(M.footerTooLong);
    expect(screen.getByText('61/60')).toBeTruthy();
  });

  it('media header: asks for a sample file and uploads one (field `file`, purpose template_media) as the header sample', async () => {
    const calls = fakeApi({ 'POST /api/upload': () => json({ data: { url: '/api/uploads/abc.png', handle: 'handle-abc' } }, 201) });
    await openCreate();
    fireEvent.click(screen.getByRole('radio', { name: 'Media' }));
    expect(region('Header').getByText(M.headerMediaSample('IMAGE'))).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'promo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText('promo.png')).toBeTruthy();
    const upload = calls.find((c) => c.key === 'POST /api/upload')!;
    expect(upload.url).toBe('/api/upload?purpose=template_media');
    expect((upload.body as FormData).get('file')).toBeTruthy();
    expect(region('Header').queryByText(M.headerMediaSample('IMAGE'))).toBeNull();
    expect(preview().getByRole('img', { name: 'Header image' }).getAttribute('src')).toBe('/api/uploads/abc.png');
  });

  it('media header: refuses a file whose content is not the chosen kind, before sending it', async () => {
    const calls = fakeApi({});
    await openCreate();
    fireEvent.click(screen.getByRole('radio', { name: 'Media' }));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const fake = new File(['not really a png'], 'fake.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    expect(await screen.findByText(/Choose a JPEG or PNG image: this file is not one/)).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/upload')).toBe(false);
  });
});

describe('template editor: body tools and variables', () => {
  it('inserts numbered variables at the caret, a sample field per variable, and shows samples in the preview', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Hello , your order  is ready.');
    body().setSelectionRange(6, 6);
    fireEvent.click(btn('Add variable to body'));
    expect(body().value).toBe('Hello {{1}}, your order  is ready.');
    await frame();
    body().setSelectionRange(24, 24);
    fireEvent.click(btn('Add variable to body'));
    expect(body().value).toBe('Hello {{1}}, your order {{2}} is ready.');
    expect(errorOf(byLabel('Body sample for {{1}}'))).toBe(M.variableSample('Body', '{{1}}'));
    type(byLabel('Body sample for {{1}}'), 'Maria');
    type(byLabel('Body sample for {{2}}'), 'A-1001');
    expect(previewText()).toContain('Hello Maria, your order A-1001 is ready.');
  });

  it('switches to named variables (renaming the numbered ones) and inserts a named variable', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Hello {{1}}, welcome to our shop.');
    type(byLabel('Body sample for {{1}}'), 'Maria');
    fireEvent.click(screen.getByRole('radio', { name: 'Name {{name}}' }));
    expect(body().value).toBe('Hello {{var_1}}, welcome to our shop.');
    expect(byLabel('Body sample for {{var_1}}').value).toBe('Maria');
    await frame();
    body().setSelectionRange(body().value.length - 1, body().value.length - 1);
    fireEvent.click(btn('Add variable to body'));
    type(await screen.findByRole('textbox', { name: /Variable name/, hidden: true }), 'Shop Name');
    fireEvent.click(screen.getByRole('button', { name: 'Insert {{shop_name}}', hidden: true }));
    expect(body().value).toBe('Hello {{var_1}}, welcome to our shop{{shop_name}}.');
    expect(byLabel('Body sample for {{shop_name}}')).toBeTruthy();
    // Back to numbers: in order of first use.
    fireEvent.click(screen.getByRole('radio', { name: 'Number {{1}}' }));
    expect(body().value).toBe('Hello {{1}}, welcome to our shop{{2}}.');
  });

  it('bold, italic, strikethrough and monospace wrap the selection or insert fill-text; emoji goes in at the caret', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Big sale today');
    body().setSelectionRange(0, 3);
    fireEvent.click(btn('Bold'));
    expect(body().value).toBe('*Big* sale today');
    await frame();
    body().setSelectionRange(16, 16);
    fireEvent.click(btn('Italic'));
    expect(body().value).toBe('*Big* sale today_fill-text_');
    await frame();
    body().setSelectionRange(6, 10);
    fireEvent.click(btn('Strikethrough'));
    expect(body().value).toBe('*Big* ~sale~ today_fill-text_');
    await frame();
    body().setSelectionRange(0, 0);
    fireEvent.click(btn('Monospace'));
    expect(body().value.startsWith('```fill-text```')).toBe(true);
    await frame();
    body().setSelectionRange(0, 0);
    fireEvent.click(btn('Emoji'));
    fireEvent.click(await screen.findByRole('button', { name: 'party popper', hidden: true }));
    expect(body().value.startsWith('🎉```fill-text```')).toBe(true);
    // Formatting is rendered in the preview.
    expect(preview().getByText('Big').tagName).toBe('STRONG');
  });

  it('adds no variable or emoji once the body has 1024 characters', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'a'.repeat(1024));
    expect(btn('Add variable to body').disabled).toBe(true);
    expect(btn('Emoji').disabled).toBe(true);
  });
});

describe('template editor: buttons', () => {
  it('add-button menu: the last button of a section needs text first; opt-out only in marketing; limits per kind', async () => {
    fakeApi({});
    await openCreate();
    await addButton(/^Quick reply/);
    let item = await menuItem(/^Quick reply/);
    expect(item.disabled).toBe(true);
    expect(within(item).getByText(M.fillEveryField)).toBeTruthy();
    // The other section is not blocked by it.
    expect((await menuItem(/^Visit website/)).disabled).toBe(false);
    await closeMenu();
    type(within(screen.getByRole('group', { name: 'Button 1 (Quick reply)' })).getByRole('textbox', { name: 'Button text' }), 'Yes');
    item = await menuItem(/^Quick reply/);
    expect(item.disabled).toBe(false);
    await closeMenu();

    // Visit website: max 2 ('max 2 button').
    for (const text of ['Shop', 'Track']) {
      await addButton(/^Visit website/);
      const groups = screen.getAllByRole('group', { name: /Visit website/ });
      type(within(groups[groups.length - 1]!).getByRole('textbox', { name: 'Button text' }), text);
    }
    item = await menuItem(/^Visit website/);
    expect(item.disabled).toBe(true);
    expect(within(item).getByText(M.maxTwoButtons)).toBeTruthy();
    await closeMenu();
  });

  it('marketing opt-out: disabled outside marketing templates, with its reason', async () => {
    fakeApi({});
    await openCreate({ template_category: 'UTILITY' });
    const item = await menuItem(/^Marketing opt-out/);
    expect(item.disabled).toBe(true);
    expect(within(item).getByText(M.optOutMarketingOnly)).toBeTruthy();
  });

  it('marketing opt-out: default text and footer per language, and its terms checkbox', async () => {
    fakeApi({});
    await openCreate({ language: 'id' });
    await addButton(/^Marketing opt-out/);
    const group = screen.getByRole('group', { name: 'Button 1 (Marketing opt-out)' });
    expect((within(group).getByRole('textbox', { name: 'Button text' }) as HTMLInputElement).value).toBe('Hentikan promosi');
    expect(byLabel('Footer text').value).toBe('Hentikan promosi');
    expect(within(group).queryByText(M.optOutTerms)).toBeNull();
    fireEvent.click(within(group).getByRole('checkbox'));
    fireEvent.click(within(group).getByRole('checkbox'));
    expect(within(group).getByText(M.optOutTerms)).toBeTruthy();
    fireEvent.click(within(group).getByRole('checkbox'));
    expect(within(group).queryByText(M.optOutTerms)).toBeNull();
  });

  it('marketing opt-out keeps a footer the user typed (issue 23), and removing the button leaves it', async () => {
    fakeApi({});
    await openCreate();
    type(byLabel('Footer text'), 'Reply STOP to opt out of our offers');
    await addButton(/^Marketing opt-out/);
    expect(byLabel('Footer text').value).toBe('Reply STOP to opt out of our offers');
    expect(previewText()).toContain('Reply STOP to opt out of our offers');
    expect(previewText()).not.toContain('Not interested? Tap stop promotions');
    type(byLabel('Footer text'), 'Reply STOP to unsubscribe');
    fireEvent.click(btn(/^Remove Button 1 \(Marketing opt-out\)/));
    expect(byLabel('Footer text').value).toBe('Reply STOP to unsubscribe');
  });

  it('visit website: valid URL, dynamic URL with {{1}} at its end and a sample URL', async () => {
    fakeApi({});
    await openCreate();
    await addButton(/^Visit website/);
    const group = within(screen.getByRole('group', { name: 'Button 1 (Visit website)' }));
    const url = () => group.getByRole('textbox', { name: 'Website URL' });
    type(url(), 'not a url');
    expect(errorOf(url())).toBe(M.invalidUrl);
    type(url(), 'https://shop.example.com/orders/');
    expect(errorOf(url())).toBe('');
    fireEvent.click(group.getByRole('radio', { name: 'Dynamic' }));
    expect((group.getByRole('textbox', { name: 'Website URL' }) as HTMLInputElement).value).toBe('https://shop.example.com/orders/{{1}}');
    const sample = () => group.getByRole('textbox', { name: 'Sample URL' });
    type(sample(), 'x');
    type(sample(), '');
    expect(errorOf(sample())).toBe(M.sampleUrlRequired);
    type(sample(), 'https://shop.example.com/orders/1001');
    expect(errorOf(sample())).toBe('');
  });

  it('copy promo code: default text per language and a sample of 15 characters at most', async () => {
    fakeApi({});
    await openCreate();
    await addButton(/^Copy promo code/);
    const group = within(screen.getByRole('group', { name: 'Button 1 (Copy promo code)' }));
    expect((group.getByRole('textbox', { name: 'Button text' }) as HTMLInputElement).value).toBe('Copy Promo Code');
    type(group.getByRole('textbox', { name: 'Promo code sample' }), 'P'.repeat(16));
    expect(errorOf(group.getByRole('textbox', { name: 'Promo code sample' }))).toBe(M.promoCodeTooLong);
  });

  it('call phone number: starts at United States +1, max 1 button, the number is sent in E.164', async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openCreate();
    fillValidBody();
    await addButton(/^Call phone number/);
    const group = within(screen.getByRole('group', { name: 'Button 1 (Call phone number)' }));
    expect((group.getByLabelText('Country') as HTMLInputElement).value).toBe('United States (+1)');
    type(group.getByRole('textbox', { name: 'Button text' }), 'Call us');
    // Save as Draft is disabled while the phone button has no number (§5.3).
    expect(btn('Save as Draft').disabled).toBe(true);
    type(group.getByRole('textbox', { name: 'Phone number' }), '(202) 555-0123');
    const item = await menuItem(/^Call phone number/);
    expect(item.disabled).toBe(true);
    expect(within(item).getByText(M.maxOneButton)).toBeTruthy();
    await closeMenu();
    fireEvent.click(btn('Save as Draft'));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/wa/template')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/wa/template')!.body as { button: { type: string; button_info: { phone_number: string } }[] };
    expect(sent.button[0]!.button_info.phone_number).toBe('+12025550123');
  });

  it('call phone number: a number the chosen country cannot have is refused on its field (+1 with 11 digits, issue 23)', async () => {
    fakeApi({});
    await openCreate();
    fillValidBody();
    await addButton(/^Call phone number/);
    const group = within(screen.getByRole('group', { name: 'Button 1 (Call phone number)' }));
    type(group.getByRole('textbox', { name: 'Button text' }), 'Call us');
    const phone = () => group.getByRole('textbox', { name: 'Phone number' });
    type(phone(), '202 555 01234');
    expect(errorOf(phone())).toBe(M.phoneInvalid('Button 1 (Call phone number)'));
    expect(btn('Submit').disabled).toBe(true);
    type(phone(), '202 555 0123');
    expect(errorOf(phone())).toBe('');
    expect(btn('Submit').disabled).toBe(false);
  });

  it('puts quick replies first or last with the section order switch, and moves buttons up and down', async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openCreate();
    fillValidBody();
    await addButton(/^Visit website/);
    const g = within(screen.getByRole('group', { name: 'Button 1 (Visit website)' }));
    type(g.getByRole('textbox', { name: 'Button text' }), 'Shop');
    type(g.getByRole('textbox', { name: 'Website URL' }), 'https://shop.example.com');
    await addButton(/^Copy promo code/);
    type(within(screen.getByRole('group', { name: 'Button 2 (Copy promo code)' })).getByRole('textbox', { name: 'Promo code sample' }), 'SALE25');
    await addButton(/^Quick reply/);
    type(within(screen.getByRole('group', { name: 'Button 3 (Quick reply)' })).getByRole('textbox', { name: 'Button text' }), 'Stop');
    fireEvent.click(screen.getByRole('switch', { name: /Show quick replies first/ }));
    expect(screen.getByRole('group', { name: 'Button 1 (Quick reply)' })).toBeTruthy();
    fireEvent.click(btn('Move Button 3 (Copy promo code) up'));
    expect(screen.getByRole('group', { name: 'Button 2 (Copy promo code)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Button 3 (Visit website)' })).toBeTruthy();
    expect(previewText()).toContain('Stop');
    fireEvent.click(btn('Save as Draft'));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/wa/template')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/wa/template')!.body as { button: { type: string }[] };
    expect(sent.button.map((b) => b.type)).toEqual(['QUICK_REPLY', 'COPY_CODE', 'URL']);
  });
});

function lastCall(calls: Call[], key: string) {
  return calls.filter((c) => c.key === key).pop();
}

describe('template editor: save and submit', () => {
  it('Save as Draft is enabled with a body; Submit only when every rule passes', async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Hello {{1}}, your order is on its way today.');
    expect(btn('Save as Draft').disabled).toBe(false);
    expect(btn('Submit').disabled).toBe(true);
    type(byLabel('Body sample for {{1}}'), 'Maria');
    expect(btn('Submit').disabled).toBe(false);
  });

  it('Submit asks for confirmation: I’m not sure closes; Yes, Submit sends draft=false, toasts and returns to the list after 1.5 s', async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openCreate();
    fillValidBody();
    fireEvent.click(btn('Submit'));
    let dialog = await screen.findByRole('dialog', { name: M.submitTitle });
    expect(within(dialog).getByText(/unlawful in Indonesia/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.submitNotSure }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key === 'POST /api/wa/template')).toBe(false);
    fireEvent.click(btn('Submit'));
    dialog = await screen.findByRole('dialog', { name: M.submitTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.submitYes }));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(screen.getByText('Success!')).toBeTruthy();
    const call = lastCall(calls, 'POST /api/wa/template')!;
    expect(call.url).toBe('/api/wa/template?draft=false');
    expect(call.body).toMatchObject({
      template_name: 'order_update',
      template_category: 'MARKETING',
      language: 'en_US',
      application_id: 'app-1',
      body: { text: 'Hello {{1}}, your order {{2}} is on its way today.', variable: [{ name: '1', value: 'Maria' }, { name: '2', value: 'A-1001' }] },
    });
    // No second save while returning.
    expect(btn('Save as Draft').disabled).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Template list' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Template list' }, { timeout: 3000 })).toBeTruthy();
  });

  it('Save as Draft sends draft=true and toasts the drafted message', async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openCreate();
    type(body(), 'Just a draft');
    fireEvent.click(btn('Save as Draft'));
    expect(await screen.findByText(M.drafted)).toBeTruthy();
    expect(lastCall(calls, 'POST /api/wa/template')!.url).toBe('/api/wa/template?draft=true');
  });

  it('a refused save toasts Error with the server message and shows its details on their fields; nothing navigates', async () => {
    fakeApi({
      'POST /api/wa/template': () =>
        json({ error: { code: 'invalid_request', message: 'The template breaks 1 rule', details: [{ path: 'components.0.text', message: 'Body: the server says no' }] } }, 400),
    });
    await openCreate();
    fillValidBody();
    fireEvent.click(btn('Save as Draft'));
    expect(await screen.findByText('The template breaks 1 rule')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Body: the server says no')).toBeTruthy();
    // Editing the field clears the server's message.
    type(body(), 'Hello {{1}}, your order {{2}} is on its way now.');
    expect(screen.queryByText('Body: the server says no')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create Template' })).toBeTruthy();
  });

  it("asks 'Leave this page?' on unsaved changes: Stay keeps the form, Leave goes", async () => {
    fakeApi({});
    await openCreate();
    type(body(), 'Unsaved words');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(body().value).toBe('Unsaved words');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('opens the Terms Of Use in Indonesian', async () => {
    fakeApi({});
    await openCreate();
    fireEvent.click(btn('Read'));
    const dialog = await screen.findByRole('dialog', { name: 'Terms Of Use' });
    expect(within(dialog).getByText(/Body maksimal 1024 karakter/)).toBeTruthy();
  });
});
