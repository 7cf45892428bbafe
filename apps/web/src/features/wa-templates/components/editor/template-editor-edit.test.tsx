import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { WA_TEMPLATE_API_MESSAGES } from '@pesan/contracts/wa-template-api';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { fakeApi, json, renderEditor, templateRow } from './editor-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const stored = {
  template_name: 'order_update',
  template_category: 'MARKETING',
  language: 'en_US',
  template_code_id: 'TPL-0001',
  header: { type: 'text', text: { body: 'Order {{1}}' }, variable: [{ name: '1', value: '#1001' }] },
  body: { text: 'Hello {{1}}, your order is on its way today.', variable: [{ name: '1', value: 'Maria' }] },
  footer: { type: 'text', text: { body: 'Thanks for shopping' } },
  button: [
    { type: 'URL', text: 'Track', button_info: { url: 'https://shop.example.com/track/{{1}}', sampleUrl: 'https://shop.example.com/track/1001' } },
    { type: 'PHONE_NUMBER', text: 'Call us', button_info: { phone_number: '+6281234567890' } },
    { type: 'QUICK_REPLY', text: 'Thanks' },
  ],
} as const;

const btn = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('template editor: edit mode', () => {
  it('loads the template: title, breadcrumb, locked category, status badge, every field, and PUTs the update with its template code', async () => {
    const row = templateRow(stored);
    const calls = fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }), 'PUT /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/new-whatsapp-template/edit/tpl-1');
    expect(await screen.findByRole('heading', { name: 'Edit Template' })).toBeTruthy();
    expect(screen.getByText('Form Edit Template')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WhatsApp Template List' }).getAttribute('href')).toBe('/new-whatsapp-template');
    expect(((await screen.findByLabelText('Category')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Draft')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Header text' }) as HTMLInputElement).value).toBe('Order {{1}}');
    expect((screen.getByRole('textbox', { name: 'Header sample for {{1}}' }) as HTMLInputElement).value).toBe('#1001');
    expect((screen.getByRole('textbox', { name: 'Body text' }) as HTMLTextAreaElement).value).toBe(stored.body.text);
    expect((screen.getByRole('textbox', { name: 'Footer text' }) as HTMLInputElement).value).toBe('Thanks for shopping');
    const url = within(screen.getByRole('group', { name: 'Button 1 (Visit website)' }));
    expect((url.getByRole('radio', { name: 'Dynamic' }) as HTMLInputElement).checked).toBe(true);
    expect((url.getByRole('textbox', { name: 'Sample URL' }) as HTMLInputElement).value).toBe('https://shop.example.com/track/1001');
    const phone = within(screen.getByRole('group', { name: 'Button 2 (Call phone number)' }));
    expect((phone.getByLabelText('Country') as HTMLInputElement).value).toBe('Indonesia (+62)');
    expect((phone.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('81234567890');
    expect(screen.getByRole('group', { name: 'Button 3 (Quick reply)' })).toBeTruthy();
    expect(btn('Submit').disabled).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Footer text' }), { target: { value: 'Thank you' } });
    fireEvent.click(btn('Save as Draft'));
    expect(await screen.findByText(M.drafted)).toBeTruthy();
    const put = calls.find((c) => c.key === 'PUT /api/wa/template/tpl-1')!;
    expect(put.url).toBe('/api/wa/template/tpl-1?draft=true');
    expect(put.body).toMatchObject({ template_code_id: 'TPL-0001', footer: { type: 'text', text: { body: 'Thank you' } } });
    expect((put.body as Record<string, unknown>).application_id).toBeUndefined();
    expect((put.body as { button: { button_info: { phone_number?: string } }[] }).button[1]!.button_info.phone_number).toBe('+6281234567890');
    expect(await screen.findByRole('heading', { name: 'New template list' }, { timeout: 3000 })).toBeTruthy();
  });

  it('shows the rejected banner with the reason and recommendation, and every broken rule at once', async () => {
    const row = templateRow(
      { ...stored, body: { text: '{{1}} your order is here', variable: [{ name: '1', value: 'Maria' }] } },
      { status: 'REJECTED', status_label: 'Rejected', rejection_reason: 'INVALID_FORMAT', recommendation: 'Begin the body with words.' },
    );
    fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/whatsapp-template/edit/tpl-1');
    const banner = await screen.findByRole('alert', { name: M.rejectedBanner });
    expect(within(banner).getByText(/does not comply with WhatsApp's messaging policies/)).toBeTruthy();
    expect(within(banner).getByText('INVALID_FORMAT')).toBeTruthy();
    expect(within(banner).getByText('Begin the body with words.')).toBeTruthy();
    // The form renders right after the title and banner (AfterFirstPaint).
    expect(await screen.findByText('Rejected')).toBeTruthy();
    const bodyField = screen.getByRole('textbox', { name: 'Body text' });
    expect(document.getElementById(`${bodyField.id}-error`)?.textContent).toContain(M.bodyStartsWithVariable);
    expect(btn('Submit').disabled).toBe(true);
  });

  it('sends a template that is not Draft or Rejected to the create route (and so to the list), with a notice', async () => {
    const row = templateRow(stored, { status: 'APPROVED', status_label: 'Approved' });
    const calls = fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/whatsapp-template/edit/tpl-1');
    expect(await screen.findByRole('heading', { name: 'Template list' })).toBeTruthy();
    expect(screen.getByText(WA_TEMPLATE_API_MESSAGES.notEditable)).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('a stored copy code button without text shows one label: the field and the preview agree, and it saves back without text (issue 23)', async () => {
    const coupon = {
      template_name: 'coupon_code_fall2023_25off',
      template_category: 'MARKETING',
      language: 'id',
      template_code_id: 'TPL-0002',
      body: { text: 'Belanja sekarang dan pakai kode {{1}} untuk diskon {{2}} semua barang!', variable: [{ name: '1', value: '25OFF' }, { name: '2', value: '25%' }] },
      button: [{ type: 'QUICK_REPLY', text: 'Berhenti' }, { type: 'COPY_CODE', button_info: { copy_promo_code: '250FF' } }],
    } as const;
    const row = templateRow(coupon);
    const calls = fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }), 'PUT /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/new-whatsapp-template/edit/tpl-1');
    const group = within(await screen.findByRole('group', { name: 'Button 2 (Copy promo code)' }));
    const field = group.getByRole('textbox', { name: 'Button text' }) as HTMLInputElement;
    expect(field.value).toBe('Salin Kode Promo');
    const phoneButtons = within(screen.getByRole('figure', { name: 'Template preview' })).getByRole('list', { name: 'Buttons' });
    expect(within(phoneButtons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Berhenti', 'Salin Kode Promo']);
    // A label of the user's own goes to both.
    fireEvent.change(field, { target: { value: 'Salin kupon' } });
    expect(within(phoneButtons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Berhenti', 'Salin kupon']);
    fireEvent.change(field, { target: { value: 'Salin Kode Promo' } });
    fireEvent.click(btn('Save as Draft'));
    expect(await screen.findByText(M.drafted)).toBeTruthy();
    const put = calls.find((c) => c.key === 'PUT /api/wa/template/tpl-1')!;
    expect((put.body as { button: Record<string, unknown>[] }).button[1]).not.toHaveProperty('text');
  });

  it("shows 'Template not found' for an unknown id", async () => {
    fakeApi({ 'GET /api/wa/template/nope': () => json({ error: { code: 'not_found', message: 'Template not found' } }, 404) });
    renderEditor('/whatsapp-template/edit/nope');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText(WA_TEMPLATE_API_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to WhatsApp Template List' }).getAttribute('href')).toBe('/whatsapp-template');
  });

  it('a failed load toasts the error and goes to the create route (§8)', async () => {
    fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ error: { code: 'forbidden', message: 'Create your organization first' } }, 403) });
    renderEditor('/whatsapp-template/edit/tpl-1');
    expect(await screen.findByText('Create your organization first')).toBeTruthy();
    // The create route without the modal's choice returns to the list.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Template list' })).toBeTruthy());
  });
});
