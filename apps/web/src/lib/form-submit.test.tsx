import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Checkbox, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';
import { renderWithProviders } from '../components/test-render.tsx';
import { CreateApplicationForm } from '../features/applications/components/create-application-form.tsx';
import { submitForm } from './form-submit.ts';

afterEach(() => vi.unstubAllGlobals());

/** A form whose first field (a checkbox group) and third field can be invalid; `serverError` is what the handler puts under the note. */
function Sample({ serverError }: { serverError?: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { kinds: [] as string[], name: 'ok', note: '' },
    validate: { kinds: (v) => (v.length ? null : 'Pick one'), note: (v) => (v || serverError ? null : 'Note is required') },
  });
  return (
    <form onSubmit={submitForm(form, () => serverError && form.setFieldError('note', serverError))} noValidate>
      <Checkbox.Group label="Kinds" {...form.getInputProps('kinds')}>
        <Checkbox value="a" label="Kind A" />
      </Checkbox.Group>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Note" {...form.getInputProps('note')} />
      <Button type="submit">Send</Button>
    </form>
  );
}

describe('submitForm (issue 23 item 17)', () => {
  it('focuses and scrolls to the first invalid field, a checkbox group included', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<Sample />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Note is required');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Kind A' })));
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kind A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' })));
  });

  it('focuses a field the handler put a (server) error under', async () => {
    renderWithProviders(<Sample serverError="Taken" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kind A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Taken');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' })));
  });

  it('Create Application: an empty submit focuses Application Name', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<CreateApplicationForm onCreated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    await screen.findByText(APPLICATION_MESSAGES.nameRequired);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Application Name/ })));
  });

  it('is the submit of every Mantine form in the features (no bare form.onSubmit)', () => {
    const sources = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!../features/**/*.test.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });
    const bare = Object.keys(sources).filter((f) => /\.onSubmit\(/.test(sources[f]!));
    expect(bare).toEqual([]);
    expect(Object.values(sources).filter((text) => text.includes('submitForm(form,')).length).toBeGreaterThanOrEqual(10);
  });
});
