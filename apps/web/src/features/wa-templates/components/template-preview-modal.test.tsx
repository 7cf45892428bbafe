import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { templateRow } from '../test/fixtures.ts';
import { DEFAULT_SENDER_NAME, PhonePreview, type PhonePreviewContent } from './phone-preview.tsx';
import { TemplatePreviewModal } from './template-preview-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Template preview modal', () => {
  it('shows the code with a copy button that says Copied for 2 s, the name, category, language name and body', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<TemplatePreviewModal row={templateRow('t1', 'APPROVED')} senderName="RINA" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preview Template' });
    expect(within(dialog).getByTestId('preview-template-code').textContent).toBe('TPL-T1');
    expect(within(dialog).getByText('promo_t1')).toBeTruthy();
    expect(within(dialog).getByText('Marketing')).toBeTruthy();
    expect(within(dialog).getByText('English (US)')).toBeTruthy();
    expect(within(dialog).getByTestId('preview-body-source').textContent).toBe('Get *50% off* with _code_ ~OLD~ ```SAVE50``` until {{1}} now');
    expect(within(dialog).queryByText('Rejected notes')).toBeNull();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy template code' }));
    expect(writeText).toHaveBeenCalledWith('TPL-T1');
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1900));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy template code' })).toBeTruthy());
  });

  it('shows the rejected notes of a rejected template', async () => {
    renderWithProviders(<TemplatePreviewModal row={templateRow('t4', 'REJECTED')} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preview Template' });
    expect(within(dialog).getByText('Rejected notes')).toBeTruthy();
    expect(within(dialog).getByText('INVALID_FORMAT: Body must not end with a variable')).toBeTruthy();
  });

  it('renders the phone preview: sender, header and body with formatting and samples, footer and buttons', async () => {
    renderWithProviders(<TemplatePreviewModal row={templateRow('t1')} senderName="RINA" onClose={() => {}} />);
    const phone = await screen.findByRole('figure', { name: 'WhatsApp preview' });
    expect(within(phone).getByTestId('preview-sender').textContent).toBe('RINA');
    expect(phone.querySelector('[data-part="header"]')!.textContent).toBe('Hello Budi');
    const body = phone.querySelector('[data-part="body"]')!;
    expect(body.textContent).toBe('Get 50% off with code OLD SAVE50 until Sunday now');
    expect(body.querySelector('strong')!.textContent).toBe('50% off');
    expect(body.querySelector('em')!.textContent).toBe('code');
    expect(body.querySelector('s')!.textContent).toBe('OLD');
    expect(body.querySelector('code')!.textContent).toBe('SAVE50');
    expect(body.querySelector('[data-variable="1"]')!.textContent).toBe('Sunday');
    expect(phone.querySelector('[data-part="footer"]')!.textContent).toBe('Reply STOP to opt out');
    expect(within(within(phone).getByRole('list', { name: 'Buttons' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Yes please', 'Shop now']);
  });
});

describe('PhonePreview', () => {
  const base = templateRow('x').payload;
  const buttons = (n: number): PhonePreviewContent['button'] =>
    Array.from({ length: n }, (_, i) => ({ type: 'QUICK_REPLY' as const, text: `Reply ${i + 1}`, section: 'quick_reply' as const, button_index: i, order: 0, button_info: {} }));

  it('uses the placeholder sender name when none is known', () => {
    renderWithProviders(<PhonePreview payload={base} senderName={null} />);
    expect(screen.getByTestId('preview-sender').textContent).toBe(DEFAULT_SENDER_NAME);
  });

  it('shows 3 buttons as they are, and beyond 3 the first 2 and See all options, which lists them all', async () => {
    const { unmount } = renderWithProviders(<PhonePreview payload={{ ...base, button: buttons(3) }} />);
    expect(within(screen.getByRole('list', { name: 'Buttons' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reply 1', 'Reply 2', 'Reply 3']);
    unmount();

    renderWithProviders(<PhonePreview payload={{ ...base, button: buttons(5) }} />);
    const list = screen.getByRole('list', { name: 'Buttons' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reply 1', 'Reply 2', 'See all options']);
    await userEvent.click(within(list).getByRole('button', { name: 'See all options' }));
    const all = screen.getByRole('group', { name: 'All options' });
    expect(within(all).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4', 'Reply 5']);
    await userEvent.click(within(all).getByRole('button', { name: 'Close all options' }));
    expect(screen.queryByRole('group', { name: 'All options' })).toBeNull();
  });

  it('shows media placeholders, a displayable image, the usual wording of empty buttons and a hint for an empty body', () => {
    const { unmount } = renderWithProviders(
      <PhonePreview
        payload={{
          header: { type: 'video' },
          body: { text: '' },
          footer: { type: 'none' },
          button: [{ type: 'OTP', section: 'cta', button_index: 0, order: 0, button_info: { otp_type: 'COPY_CODE' } }],
        }}
      />,
    );
    expect(screen.getByText('Video')).toBeTruthy();
    expect(screen.getByText('Body text')).toBeTruthy();
    expect(screen.getByText('Copy code')).toBeTruthy();
    unmount();
    renderWithProviders(<PhonePreview payload={{ ...base, header: { type: 'image', example: { header_handle: ['4::aW1hZ2U=:ARa'] } } }} headerMediaUrl="/api/upload/abc.png" />);
    expect((screen.getByRole('img', { name: 'Header image' }) as HTMLImageElement).getAttribute('src')).toBe('/api/upload/abc.png');
  });

  it('does not load a Meta media handle or another site’s URL as an image', () => {
    renderWithProviders(<PhonePreview payload={{ ...base, header: { type: 'image', example: { header_handle: ['https://evil.example/x.png'] } } }} />);
    expect(screen.queryByRole('img', { name: 'Header image' })).toBeNull();
    expect(screen.getByText('Image')).toBeTruthy();
  });

  it('shows a stored media header sample from the upload its handle names', async () => {
    const name = `${'ab'.repeat(16)}.jpg`;
    const handle = `4::${btoa('image/jpeg')}:${btoa(name).replace(/=+$/, '')}`;
    const base = templateRow('t5');
    const row = { ...base, payload: { ...base.payload, header: { type: 'image' as const, example: { header_handle: [handle] } } } };
    renderWithProviders(<TemplatePreviewModal row={row} onClose={() => {}} />);
    const phone = await screen.findByRole('figure', { name: 'WhatsApp preview' });
    expect(within(phone).getByRole('img', { name: 'Header image' }).getAttribute('src')).toBe(`/api/uploads/${name}`);
  });
});
