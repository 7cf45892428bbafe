import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { authBodyText, authFooterText } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { createState, fakeApi, json, renderEditor, templateRow } from './editor-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const btn = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const errorOf = (el: HTMLElement) => document.getElementById(`${el.id}-error`)?.textContent ?? '';
const previewText = () => screen.getByRole('figure', { name: 'Template preview' }).textContent ?? '';

async function openAuth(language = 'en') {
  const utils = renderEditor('/whatsapp-template/create', createState({ template_name: 'login_code', template_category: 'AUTHENTICATION', language }));
  await screen.findByRole('heading', { name: 'Create Template' });
  return utils;
}

describe('authentication form', () => {
  it('replaces header, body, footer and buttons with code delivery, button text and message content in the language’s wording', async () => {
    fakeApi({});
    await openAuth();
    for (const name of ['Code delivery', 'Button text', 'Message content']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    for (const name of ['Header', 'Body', 'Footer', 'Buttons']) expect(screen.queryByRole('heading', { name })).toBeNull();
    expect((screen.getByRole('radio', { name: /Copy code/ }) as HTMLInputElement).checked).toBe(true);
    expect(field('Button text').value).toBe('Copy code');
    expect((screen.getByRole('checkbox', { name: /Add security recommendation/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Add expiry time for the code/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /Expires in/ }) as HTMLInputElement).value).toBe('10');
    expect(previewText()).toContain(authBodyText('en', true));
    expect(previewText()).toContain(authFooterText('en', 10));
    expect(btn('Save as Draft').disabled).toBe(false);
    expect(btn('Submit').disabled).toBe(false);
  });

  it('uses the Indonesian wording for id', async () => {
    fakeApi({});
    await openAuth('id');
    expect(field('Button text').value).toBe('Salin kode');
    expect(previewText()).toContain('adalah kode verifikasi Anda.');
    expect(previewText()).toContain('Kode ini kedaluwarsa dalam 10 menit.');
  });

  it('security and expiry options change the message; expiry must be 1–90 minutes', async () => {
    fakeApi({});
    await openAuth();
    fireEvent.click(screen.getByRole('checkbox', { name: /Add security recommendation/ }));
    expect(previewText()).toContain(authBodyText('en', false));
    expect(previewText()).not.toContain('For your security');
    const expiry = screen.getByRole('textbox', { name: /Expires in/ });
    type(expiry, '91');
    expect(errorOf(expiry)).toBe(M.codeExpiryRange);
    expect(btn('Submit').disabled).toBe(true);
    type(expiry, '5');
    expect(errorOf(expiry)).toBe('');
    expect(previewText()).toContain(authFooterText('en', 5));
    fireEvent.click(screen.getByRole('checkbox', { name: /Add expiry time for the code/ }));
    expect(screen.queryByRole('textbox', { name: /Expires in/ })).toBeNull();
    expect(previewText()).not.toContain('expires');
  });

  it('one-tap autofill needs the Android package name and an 11-character signature hash, and sends them', async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openAuth();
    fireEvent.click(screen.getByRole('radio', { name: /One-tap autofill/ }));
    expect(field('Autofill button text').value).toBe('Autofill');
    expect(btn('Submit').disabled).toBe(true);
    type(field('Package name'), 'not a package');
    type(field('App signature hash'), 'short');
    expect(errorOf(field('Package name'))).toContain('package name must be an Android package name');
    expect(errorOf(field('App signature hash'))).toContain('signature hash must be 11 characters');
    type(field('Package name'), 'com.example.shop');
    type(field('App signature hash'), 'K8a/AINcGX7');
    expect(errorOf(field('Package name'))).toBe('');
    expect(btn('Submit').disabled).toBe(false);
    fireEvent.click(btn('Save as Draft'));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/wa/template')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/wa/template')!.body).toMatchObject({
      template_category: 'AUTHENTICATION',
      message_security: true,
      footer: { type: 'text', footer_info: { code_expired: 10 } },
      button: [{ type: 'OTP', text: 'Copy code', button_info: { otp_type: 'ONE_TAP', autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.example.shop', signature_hash: 'K8a/AINcGX7' }] } }],
    });
  });

  it('zero-tap also needs its terms accepted', async () => {
    fakeApi({});
    await openAuth();
    fireEvent.click(screen.getByRole('radio', { name: /Zero-tap/ }));
    type(field('Package name'), 'com.example.shop');
    type(field('App signature hash'), 'K8a/AINcGX7');
    expect(btn('Submit').disabled).toBe(true);
    expect(screen.getByText(/zero-tap needs its terms accepted/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /zero-tap delivers the code/ }));
    expect(btn('Submit').disabled).toBe(false);
  });

  it("submitting shows 'Message Template Submitted'; closing it goes to the list", async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    await openAuth();
    fireEvent.click(btn('Submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: M.submitTitle })).getByRole('button', { name: M.submitYes }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Template Submitted' });
    expect(calls.find((c) => c.key === 'POST /api/wa/template')!.url).toBe('/api/wa/template?draft=false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to template list' }));
    expect(await screen.findByRole('heading', { name: 'Template list' })).toBeTruthy();
  });

  it('edit mode reads a one-tap template back', async () => {
    const row = templateRow({
      template_name: 'login_code',
      template_category: 'AUTHENTICATION',
      language: 'en_US',
      message_security: false,
      footer: { type: 'text', text: { body: '' }, footer_info: { code_expired: 15 } },
      button: [{ type: 'OTP', text: 'Copy', button_info: { otp_type: 'ONE_TAP', autofill_text: 'Fill in', package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' } }],
    });
    fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/whatsapp-template/edit/tpl-1');
    expect(((await screen.findByRole('radio', { name: /One-tap autofill/ })) as HTMLInputElement).checked).toBe(true);
    expect(field('Autofill button text').value).toBe('Fill in');
    expect(field('Package name').value).toBe('com.example.app');
    expect(field('Copy code button text').value).toBe('Copy');
    expect((screen.getByRole('checkbox', { name: /Add security recommendation/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('textbox', { name: /Expires in/ }) as HTMLInputElement).value).toBe('15');
  });
});
