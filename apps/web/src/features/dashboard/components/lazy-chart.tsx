/**
 * A chart that costs nothing until it is wanted (issue 28, Lighthouse mobile): a box of the chart's
 * height (so nothing shifts when it arrives) that loads the chart code (charts.tsx) and renders its
 * chart once the box comes within a quarter screen of the viewport. Where the browser has no
 * IntersectionObserver (tests), the chart renders at once.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** The chart module, fetched once on first use. */
const loadCharts = () => import('./charts.tsx');

/** LineChart of @mantine/charts, loaded on demand. */
export const LazyLineChart = lazy(() => loadCharts().then((m) => ({ default: m.LineChart })));
/** BarChart of @mantine/charts, loaded on demand. */
export const LazyBarChart = lazy(() => loadCharts().then((m) => ({ default: m.BarChart })));

/** Whether the element is, or has been, within `margin` of the viewport. */
function useNearViewport<T extends Element>(margin: string) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return { ref, near };
}

export interface ChartSlotProps {
  /** The chart's height in px (the box keeps it while the chart loads). */
  height: number;
  /** The chart (a LazyLineChart or LazyBarChart of `height`). */
  children: ReactNode;
}

export function ChartSlot({ height, children }: ChartSlotProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>('25% 0px');
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
