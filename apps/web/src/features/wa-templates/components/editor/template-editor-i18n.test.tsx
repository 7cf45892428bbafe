/**
 * The template editor in Indonesian (issue 15): UI texts from the 'wa-template-editor' catalogue,
 * Meta's button types as its Indonesian WhatsApp Manager names them, country names in Indonesian,
 * and the authentication template's wording left in the template's language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { authBodyText } from '@pesan/contracts/wa-template-languages';
import i18n from '../../../../lib/i18n.ts';
import { createState, fakeApi, json, renderEditor, templateRow } from './editor-test-utils.tsx';
import { countryOptions } from './phone.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  notifications.clean();
  await i18n.changeLanguage('en');
});

const btn = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function openMenu() {
  const target = btn('Tambah tombol');
  fireEvent.click(target);
  await waitFor(() => expect(document.getElementById(target.getAttribute('aria-controls') ?? '')).toBeTruthy());
  return within(document.getElementById(target.getAttribute('aria-controls')!)!);
}

describe('template editor in Indonesian', () => {
  it('shows the form, its sections and tools in Indonesian', async () => {
    await i18n.changeLanguage('id');
    fakeApi({});
    renderEditor('/whatsapp-template/create', createState());
    await screen.findByRole('heading', { name: 'Buat Template' });
    expect(screen.getByText('Form Buat Template WhatsApp')).toBeTruthy();
    expect(btn('Simpan sebagai Draf').disabled).toBe(true);
    expect(btn('Ajukan').disabled).toBe(true);
    for (const name of ['Header', 'Body', 'Footer', 'Tombol', 'Pratinjau']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByText('Nama Template')).toBeTruthy();
    expect(screen.getByText('Inggris (Amerika Serikat) (en_US)')).toBeTruthy();
    expect(screen.getByText('Promosi dan informasi.')).toBeTruthy();
    expect(screen.getByText('Tidak ada')).toBeTruthy();
    expect(screen.getByText('Nomor {{1}}')).toBeTruthy();
    expect(screen.getByText('Nama {{name}}')).toBeTruthy();
    expect(btn('Tebal')).toBeTruthy();
    expect(btn('Tambah variabel ke body')).toBeTruthy();
    const body = screen.getByRole('textbox', { name: 'Teks body' }) as HTMLTextAreaElement;
    expect(body.placeholder).toBe('Halo {{1}}, pesanan Anda sedang dalam perjalanan.');
    fireEvent.change(body, { target: { value: 'Halo {{1}}, pesanan Anda dikirim hari ini.' } });
    expect(screen.getByRole('textbox', { name: 'Contoh body untuk {{1}}' })).toBeTruthy();
    expect(screen.getByText('Belum ada tombol.')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Pratinjau template' })).toBeTruthy();
  });

  it('names button types as Meta does in Indonesian, and countries in Indonesian', async () => {
    await i18n.changeLanguage('id');
    fakeApi({});
    renderEditor('/whatsapp-template/create', createState());
    await screen.findByRole('heading', { name: 'Buat Template' });
    const menu = await openMenu();
    expect(menu.getByText('Tombol balas cepat')).toBeTruthy();
    expect(menu.getByText('Tombol ajakan bertindak')).toBeTruthy();
    for (const kind of ['Balas Cepat', 'Penolakan Pemasaran', 'Kunjungi Situs Web', 'Telepon Nomor', 'Salin Kode Penawaran']) expect(menu.getByText(kind)).toBeTruthy();
    fireEvent.click(menu.getByRole('menuitem', { name: /^Telepon Nomor/, hidden: true }));
    const group = within(await screen.findByRole('group', { name: 'Tombol 1 (Telepon Nomor)' }));
    expect((group.getByLabelText('Negara') as HTMLInputElement).value).toBe('Amerika Serikat (+1)');
    expect(group.getByRole('textbox', { name: 'Nomor telepon' })).toBeTruthy();
    expect(btn('Hapus Tombol 1 (Telepon Nomor)')).toBeTruthy();
    expect(countryOptions().find((c) => c.value === 'DE')?.label).toBe('Jerman (+49)');
  });

  it('follows a language change at once (input stays)', async () => {
    fakeApi({});
    renderEditor('/whatsapp-template/create', createState());
    await screen.findByRole('heading', { name: 'Create Template' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Body text' }), { target: { value: 'Hello there' } });
    await act(() => i18n.changeLanguage('id'));
    await screen.findByRole('heading', { name: 'Buat Template' });
    expect((screen.getByRole('textbox', { name: 'Teks body' }) as HTMLTextAreaElement).value).toBe('Hello there');
    expect(countryOptions().find((c) => c.value === 'US')?.label).toBe('Amerika Serikat (+1)');
    await act(() => i18n.changeLanguage('en'));
    await screen.findByRole('heading', { name: 'Create Template' });
    expect(countryOptions().find((c) => c.value === 'US')?.label).toBe('United States (+1)');
  });

  it('authentication: Indonesian labels, the message content stays in the template’s language', async () => {
    await i18n.changeLanguage('id');
    fakeApi({});
    renderEditor('/whatsapp-template/create', createState({ template_name: 'login_code', template_category: 'AUTHENTICATION', language: 'en' }));
    await screen.findByRole('heading', { name: 'Buat Template' });
    for (const name of ['Pengiriman kode', 'Teks tombol', 'Isi pesan']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Isi otomatis sekali ketuk/ })).toBeTruthy();
    expect(screen.getByText('WhatsApp menulis pesan autentikasi dalam bahasa Inggris; teksnya tidak dapat diubah. Tambahkan opsi di bawah ini.')).toBeTruthy();
    // Template content: English wording and button text for an English template.
    expect(screen.getAllByText(authBodyText('en', true)).length).toBeGreaterThan(0);
    expect((screen.getByRole('textbox', { name: 'Teks tombol' }) as HTMLInputElement).value).toBe('Copy code');
    expect(screen.getByRole('checkbox', { name: /Tambahkan rekomendasi keamanan/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Kedaluwarsa dalam \(menit\)/ })).toBeTruthy();
    expect(screen.getByText('1 sampai 90 menit.')).toBeTruthy();
  });

  it('edit mode: status badge, rejected banner labels and the language in Indonesian', async () => {
    await i18n.changeLanguage('id');
    const row = templateRow(
      {
        template_name: 'order_update',
        template_category: 'MARKETING',
        language: 'id',
        header: { type: 'none' },
        body: { text: 'Pesanan Anda sudah dikirim.' },
        footer: { type: 'none' },
        button: [],
      },
      { status: 'REJECTED', rejection_reason: 'INVALID_FORMAT', recommendation: 'Fix it' },
    );
    fakeApi({ 'GET /api/wa/template/tpl-1': () => json({ data: row }) });
    renderEditor('/whatsapp-template/edit/tpl-1');
    await screen.findByRole('heading', { name: 'Ubah Template' });
    expect(await screen.findByText('Ditolak')).toBeTruthy();
    expect(screen.getByText('Alasan:')).toBeTruthy();
    expect(screen.getByText('Rekomendasi:')).toBeTruthy();
    expect(screen.getByText('Indonesia (id)')).toBeTruthy();
  });
});
