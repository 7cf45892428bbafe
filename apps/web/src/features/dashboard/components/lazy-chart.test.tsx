/**
 * The Overview's charts wait for the viewport (issue 28): a box of the chart's height until the box
 * nears the viewport, then the chart; at once where there is no IntersectionObserver.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ChartSlot } from './lazy-chart.tsx';

describe('ChartSlot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the chart height and renders the chart once the box nears the viewport', () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof notify) {
          notify = cb;
        }
        observe = observe;
        disconnect() {}
      },
    );
    const { container } = render(
      <ChartSlot height={280}>
        <p>chart</p>
      </ChartSlot>,
    );
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('280px');
    expect(screen.queryByText('chart')).toBeNull();
    expect(observe).toHaveBeenCalledTimes(1);
    act(() => notify!([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('renders the chart at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <ChartSlot height={200}>
        <p>chart</p>
      </ChartSlot>,
    );
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
