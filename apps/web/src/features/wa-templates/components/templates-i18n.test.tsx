/**
 * The template list, its New Whatsapp Template modal and preview in Indonesian (issue 15): page
 * texts, status and category labels by code, the template languages' names in the interface
 * language (the code still shown and searchable), the plural of the bulk texts, the chips, and a
 * language change while the page is open.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WA_TEMPLATE_API_MESSAGES as AM } from '@pesan/contracts/wa-template-api';
import { WA_TEMPLATE_LANGUAGES } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { renderWithProviders } from '../../../components/test-render.tsx';
import i18n, { localizeMessage } from '../../../lib/i18n.ts';
import { checkTemplateMedia, TEMPLATE_MEDIA_LIMITS } from '../api/upload-template-media.ts';
import { APPS_LIST, appsAnswer, BULK, CHECK, fakeApi, json, LIST, pageAnswer, templateRow } from '../test/fixtures.ts';
import { templateFilterChips } from '../utils/chips.ts';
import { templateLanguageName, templateStatusText } from '../utils/labels.ts';
import { PhonePreview } from './phone-preview.tsx';
import { TemplatePreviewModal } from './template-preview-modal.tsx';
import { TemplatesListPage } from './templates-list-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const hidden = { hidden: true };
const ROWS = [templateRow('t1', 'DRAFT'), templateRow('t2', 'PENDING'), templateRow('t3', 'APPROVED'), templateRow('t4', 'REJECTED'), templateRow('t5', 'PAUSED'), templateRow('t6', 'DISABLED')];

const renderList = () => renderWithProviders(<TemplatesListPage basePath="/whatsapp-template" />, { route: '/whatsapp-template' });

describe('Whatsapp Template list in Indonesian', () => {
  it('shows the page, the columns, the status labels by code and the action menu in Indonesian', async () => {
    await i18n.changeLanguage('id');
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS) });
    renderList();
    expect(screen.getByRole('heading', { name: 'Template WhatsApp' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah Template' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Cari berdasarkan nama template' }).getAttribute('placeholder')).toBe('Cari nama template...');
    await screen.findByText('promo_t1');
    const table = screen.getByRole('table', { name: 'Template WhatsApp' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Nama Template', 'Tanggal', 'Status', 'Kode Template', 'Catatan', 'Aksi']);
    for (const label of ['Draf', 'Sedang Ditinjau', 'Disetujui', 'Ditolak', 'Dijeda', 'Dinonaktifkan']) expect(within(table).getByText(label)).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Pilih semua template di halaman ini' })).toBeTruthy();

    const target = screen.getByRole('button', { name: 'Aksi untuk promo_t1' });
    await userEvent.click(target);
    await waitFor(() => expect(document.getElementById(target.getAttribute('aria-controls') ?? '')).toBeTruthy());
    const items = within(document.getElementById(target.getAttribute('aria-controls')!)!).getAllByRole('menuitem', hidden);
    expect(items.map((i) => i.textContent)).toEqual(['Pratinjau', 'Ubah', 'Duplikat', 'Hapus']);
  });

  it('words the bulk bar and the bulk delete title with the count (one and many), and the delete confirmation', async () => {
    await i18n.changeLanguage('id');
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS.slice(0, 3)), [BULK]: () => json({ data: { status: true, deleted: 1 } }) });
    renderList();
    await screen.findByText('promo_t1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pilih promo_t2' }));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('1 template dipilih. Hapus template yang dipilih?');
    await userEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Hapus' }));
    const one = await screen.findByRole('dialog', { name: 'Hapus 1 template' });
    expect(within(one).getByText(localizeMessage(AM.deleteConfirm))).toBeTruthy();
    await userEvent.click(within(one).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hapus 1 template' })).toBeNull());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Pilih semua template di halaman ini' }));
    expect(within(screen.getByTestId('bulk-bar')).getByText('3 template dipilih. Hapus template yang dipilih?')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByRole('dialog', { name: 'Hapus 3 template' })).toBeTruthy();
  });

  it('English keeps the singular and plural of the bulk delete title', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS.slice(0, 3)) });
    renderList();
    await screen.findByText('promo_t1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select promo_t2' }));
    await userEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete 1 template' })).toBeTruthy();
  });

  it('filters with Indonesian status labels and chips', async () => {
    await i18n.changeLanguage('id');
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS) });
    renderList();
    await screen.findByText('promo_t1');
    await userEvent.click(screen.getByRole('button', { name: /^Filter/ }));
    const draft = await screen.findByRole('checkbox', { name: 'Draf', ...hidden });
    const panel = draft.closest<HTMLElement>('[role="dialog"]')!;
    const statusGroup = within(panel).getByRole('group', { name: 'Status', ...hidden });
    expect(within(statusGroup).getAllByRole('checkbox', hidden).map((c) => c.closest('.mantine-Checkbox-root')!.textContent)).toEqual([
      'Semua',
      'Draf',
      'Sedang Ditinjau',
      'Disetujui',
      'Ditolak',
      'Dijeda',
      'Dinonaktifkan',
    ]);
    expect(within(panel).getByRole('group', { name: 'Aplikasi', ...hidden })).toBeTruthy();
    expect(templateFilterChips({ statuses: ['REJECTED'], applicationIds: ['a2'] }, null, new Map([['a2', 'Kurir Cepat']])).map((c) => c.text)).toEqual([
      'Status: Ditolak',
      'Aplikasi: Kurir Cepat',
    ]);
  });

  it('switches the open page to Indonesian and back at once', async () => {
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer(ROWS.slice(0, 2)) });
    renderList();
    await screen.findByText('promo_t1');
    expect(screen.getByText('In Review')).toBeTruthy();
    await act(() => i18n.changeLanguage('id'));
    expect(screen.getByRole('heading', { name: 'Template WhatsApp' })).toBeTruthy();
    expect(screen.getByText('Sedang Ditinjau')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Whatsapp Template' })).toBeTruthy();
    expect(screen.getByText('In Review')).toBeTruthy();
  });
});

describe('New Whatsapp Template modal in Indonesian', () => {
  async function openModal() {
    await i18n.changeLanguage('id');
    fakeApi({ [APPS_LIST]: () => appsAnswer(), [LIST]: () => pageAnswer([]), [CHECK]: (_b, q) => json({ data: { available: true, name: q.get('name') } }) });
    renderList();
    await userEvent.click(screen.getAllByRole('button', { name: 'Tambah Template' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Template WhatsApp Baru' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Aplikasi/) as HTMLInputElement).value).toBe('Toko Rina'));
    return dialog;
  }

  it('labels the fields, the categories (Meta’s names kept) and the help link in Indonesian, and shows the contracts’ messages through localizeMessage', async () => {
    const dialog = await openModal();
    expect(within(dialog).getByLabelText(/^Nama Template/).getAttribute('placeholder')).toBe('mis. order_update');
    expect(within(dialog).getAllByRole('radio').map((r) => r.textContent)).toEqual([
      'MarketingPromosi dan informasi.',
      'UtilityPesan terkait pesanan atau akun yang sudah ada.',
      'AuthenticationKode untuk memverifikasi transaksi atau login.',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pelajari lebih lanjut tentang kategori' }));
    const help = await screen.findByRole('dialog', { name: 'Kategori template' });
    expect(within(help).getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'Promosi dan informasi.',
      'Pesan terkait pesanan atau akun yang sudah ada.',
      'Kode untuk memverifikasi transaksi atau login.',
    ]);
    expect(within(help).getByRole('link', { name: /Panduan Meta tentang kategori template/ })).toBeTruthy();
    await userEvent.click(within(help).getAllByRole('button', { name: 'Tutup' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kategori template' })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lanjutkan' }));
    for (const m of [M.nameRequired, M.categoryRequired, M.languageRequired]) expect(within(dialog).getByText(localizeMessage(m))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeTruthy();
  });

  it('names the template languages in Indonesian with their codes, searchable by Indonesian name, English name or code', async () => {
    const dialog = await openModal();
    const input = within(dialog).getByLabelText(/^Bahasa/);
    await userEvent.click(input);
    const options = await screen.findAllByRole('option', hidden);
    expect(options).toHaveLength(WA_TEMPLATE_LANGUAGES.length);
    expect(options.map((o) => o.textContent)).toContain('Indonesiaid');
    expect(options.map((o) => o.textContent)).toContain('Inggris (Amerika Serikat)en_US');
    await userEvent.type(input, 'jerman');
    await waitFor(() => expect(screen.getAllByRole('option', hidden).map((o) => o.textContent)).toEqual(['Jermande', 'Jerman (Austria)de_AT', 'Jerman (Swiss)de_CH']));
    await userEvent.clear(input);
    await userEvent.type(input, 'Portuguese (BR');
    await waitFor(() => expect(screen.getAllByRole('option', hidden).map((o) => o.textContent)).toEqual(['Portugis (Brasil)pt_BR']));
    await userEvent.clear(input);
    await userEvent.type(input, 'pt-pt');
    await waitFor(() => expect(screen.getAllByRole('option', hidden).map((o) => o.textContent)).toEqual(['Portugis (Portugal)pt_PT']));
  });
});

describe('Template preview in Indonesian', () => {
  it('shows the labels, the category, the language name, the status and the rejection notes in Indonesian', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<TemplatePreviewModal row={templateRow('t4', 'REJECTED')} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pratinjau Template' });
    for (const label of ['Kode Template', 'Nama Template', 'Kategori', 'Bahasa', 'Status', 'Body']) expect(within(dialog).getByText(label)).toBeTruthy();
    expect(within(dialog).getByText('Marketing')).toBeTruthy();
    expect(within(dialog).getByText('Inggris (Amerika Serikat)')).toBeTruthy();
    expect(within(dialog).getByText('Ditolak')).toBeTruthy();
    expect(within(dialog).getByText('Catatan penolakan')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Salin kode template' })).toBeTruthy();
    const phone = within(dialog).getByRole('figure', { name: 'Pratinjau WhatsApp' });
    expect(within(phone).getByTestId('preview-sender').textContent).toBe('Bisnis Anda');
  });

  it('words the phone’s placeholders and empty buttons in Indonesian', async () => {
    await i18n.changeLanguage('id');
    const base = templateRow('x').payload;
    renderWithProviders(
      <PhonePreview
        senderName="Your Business"
        payload={{
          header: { type: 'image' },
          body: { text: '' },
          footer: { type: 'none' },
          button: [
            { type: 'URL', section: 'cta', button_index: 0, order: 0, url_type: 'static', button_info: { url: 'https://example.com' } },
            ...base.button,
            { type: 'QUICK_REPLY', section: 'quick_reply', button_index: 3, order: 3, button_info: {} },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('preview-sender').textContent).toBe('Bisnis Anda');
    expect(screen.getByText('Gambar')).toBeTruthy();
    expect(screen.getByText('Teks body')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Tombol' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kunjungi Situs Web', 'Yes please', 'Lihat semua opsi']);
  });
});

describe('template labels and media checks in Indonesian', () => {
  it('labels statuses and languages in the current language', async () => {
    expect(templateStatusText('Reviewed')).toBe('In Review');
    expect(templateLanguageName('pt_BR')).toBe('Portuguese (BR)');
    await i18n.changeLanguage('id');
    expect(templateStatusText('Reviewed')).toBe('Sedang Ditinjau');
    expect(templateStatusText('active-low')).toBe('Active Low');
    expect(templateLanguageName('pt_BR')).toBe('Portugis (Brasil)');
    expect(templateLanguageName('rw_RW')).toBe('Kinyarwanda');
    expect(templateLanguageName('prs_AF')).toBe('Dari');
    expect(templateLanguageName('xx_YY')).toBe('xx_YY');
  });

  it('refuses a wrong or empty file in the current language', async () => {
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3])]);
    expect(await checkTemplateMedia(pdf, 'image')).toBe('Choose a JPEG or PNG image: this file is not one');
    expect(TEMPLATE_MEDIA_LIMITS.video.label).toBe('MP4 video up to 16 MB');
    await i18n.changeLanguage('id');
    expect(await checkTemplateMedia(pdf, 'image')).toBe('Pilih gambar JPEG atau PNG: file ini bukan gambar JPEG atau PNG');
    expect(await checkTemplateMedia(new Blob([]), 'image')).toBe('File kosong: pilih file lain');
    expect(TEMPLATE_MEDIA_LIMITS.video.label).toBe('video MP4 hingga 16 MB');
  });
});
