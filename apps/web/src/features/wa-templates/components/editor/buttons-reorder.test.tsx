import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createState, fakeApi, json, renderEditor } from './editor-test-utils.tsx';

/**
 * happy-dom lays nothing out, so dnd-kit would measure every button at 0,0: give each sortable
 * card (and its handle) a rectangle by its place in the list, 100 px apart.
 */
const original = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const card = this.closest('[data-sortable-id]');
    if (card) {
      const cards = [...document.querySelectorAll('[data-sortable-id]')];
      const top = cards.indexOf(card) * 100;
      const height = card === this ? 90 : 30;
      return { x: 0, y: top, top, left: 0, right: 400, bottom: top + height, width: 400, height, toJSON: () => ({}) } as DOMRect;
    }
    return original.call(this);
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = original;
  vi.unstubAllGlobals();
  notifications.clean();
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const btn = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function add(kind: RegExp) {
  const target = btn('Add button');
  fireEvent.click(target);
  await waitFor(() => expect(document.getElementById(target.getAttribute('aria-controls') ?? '')).toBeTruthy());
  fireEvent.click(within(document.getElementById(target.getAttribute('aria-controls')!)!).getByRole('menuitem', { name: kind, hidden: true }));
  await waitFor(() => expect(target.getAttribute('aria-expanded')).toBe('false'));
}

const labels = () => screen.getAllByRole('group', { name: /^Button \d/ }).map((g) => g.getAttribute('aria-label'));

describe('call-to-action buttons: drag and drop by keyboard', () => {
  it('Space picks a button up, arrows move it, Space drops it; the payload follows the new order', { timeout: 20_000 }, async () => {
    const calls = fakeApi({ 'POST /api/wa/template': () => json({ data: {} }, 201) });
    renderEditor('/whatsapp-template/create', createState());
    await screen.findByRole('heading', { name: 'Create Template' });
    type(screen.getByRole('textbox', { name: 'Body text' }), 'Your order is on its way.');
    await add(/^Visit website/);
    let g = within(screen.getByRole('group', { name: 'Button 1 (Visit website)' }));
    type(g.getByRole('textbox', { name: 'Button text' }), 'Shop');
    type(g.getByRole('textbox', { name: 'Website URL' }), 'https://shop.example.com');
    await add(/^Call phone number/);
    g = within(screen.getByRole('group', { name: 'Button 2 (Call phone number)' }));
    type(g.getByRole('textbox', { name: 'Button text' }), 'Call us');
    type(g.getByRole('textbox', { name: 'Phone number' }), '2025550123');
    await add(/^Copy promo code/);
    type(within(screen.getByRole('group', { name: 'Button 3 (Copy promo code)' })).getByRole('textbox', { name: 'Promo code sample' }), 'SALE25');
    expect(labels()).toEqual(['Button 1 (Visit website)', 'Button 2 (Call phone number)', 'Button 3 (Copy promo code)']);

    const handle = btn('Reorder Button 1 (Visit website)');
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await tick();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await tick();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await tick();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await tick();
    await waitFor(() => expect(labels()).toEqual(['Button 1 (Call phone number)', 'Button 2 (Copy promo code)', 'Button 3 (Visit website)']));
    // The move is announced to screen readers.
    expect(document.body.textContent).toMatch(/dropped at position 3 of 3/);

    // Escape cancels a move.
    const phone = btn('Reorder Button 1 (Call phone number)');
    phone.focus();
    fireEvent.keyDown(phone, { code: 'Space', key: ' ' });
    await tick();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await tick();
    fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
    await tick();
    expect(labels()[0]).toBe('Button 1 (Call phone number)');

    fireEvent.click(btn('Save as Draft'));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/wa/template')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/wa/template')!.body as { button: { type: string; button_index: number }[] };
    expect(sent.button.map((b) => b.type)).toEqual(['PHONE_NUMBER', 'COPY_CODE', 'URL']);
  });
});
