/** Issue 28 part 3: spinners wait DELAYED_LOADER_MS before they show; the skeletons are labelled busy regions. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { theme } from '../lib/theme.ts';
import { DELAYED_LOADER_MS, DelayedLoader, RefreshingHint } from './delayed-loader.tsx';
import { CardGridSkeleton, FormSkeleton, PageSkeleton } from './skeletons.tsx';

afterEach(() => vi.useRealTimers());

const wrap = (ui: ReactElement) => <MantineProvider theme={theme}>{ui}</MantineProvider>;
const spinner = () => document.querySelector('.mantine-Loader-root');

describe('DelayedLoader', () => {
  it('shows nothing but a labelled status for the first 300 ms, then the spinner', () => {
    vi.useFakeTimers();
    render(wrap(<DelayedLoader aria-label="Loading the calendar" />));
    expect(screen.getByRole('status', { name: 'Loading the calendar' })).toBeTruthy();
    expect(spinner()).toBeNull();
    act(() => vi.advanceTimersByTime(DELAYED_LOADER_MS - 1));
    expect(spinner()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(spinner()).not.toBeNull();
  });
});

describe('RefreshingHint', () => {
  it('appears only when a refresh lasts 300 ms and goes when it ends', () => {
    vi.useFakeTimers();
    const { rerender } = render(wrap(<RefreshingHint active label="Refreshing…" />));
    expect(screen.queryByText('Refreshing…')).toBeNull();
    act(() => vi.advanceTimersByTime(DELAYED_LOADER_MS));
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    rerender(wrap(<RefreshingHint active={false} label="Refreshing…" />));
    expect(screen.queryByText('Refreshing…')).toBeNull();
    // A quick refresh never shows it.
    rerender(wrap(<RefreshingHint active label="Refreshing…" />));
    act(() => vi.advanceTimersByTime(DELAYED_LOADER_MS - 50));
    rerender(wrap(<RefreshingHint active={false} label="Refreshing…" />));
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });
});

describe('skeletons', () => {
  it('are busy status regions named by their label', () => {
    render(
      wrap(
        <>
          <FormSkeleton label="Loading the form" fields={2} />
          <CardGridSkeleton label="Loading applications" count={3} />
          <PageSkeleton label="Loading the page" />
        </>,
      ),
    );
    for (const name of ['Loading the form', 'Loading applications', 'Loading the page']) {
      expect(screen.getByRole('status', { name }).getAttribute('aria-busy')).toBe('true');
    }
  });
});
