/**
 * Trend chart of the Overview (templates-dashboard-reports.md §2.6: one line per status, hourly
 * labels for a single day, day labels otherwise) with @mantine/charts, loaded once the chart nears
 * the viewport (lazy-chart.tsx). The SVG is hidden from assistive technology; the same figures are
 * in a visually hidden table described by the figure's caption.
 */
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartSlot, LazyLineChart } from './lazy-chart.tsx';
import type { MessageStatus } from '@pesan/contracts/statuses';
import { fieldLabel, formatBucket, formatCount } from '../utils/format.ts';
import { displayTimeZoneNote } from '../../../lib/format.ts';

export interface TrendSeries {
  granularity: 'hour' | 'day';
  labels: string[];
  /** Per status (or figure) id, one number per label. */
  series: Record<string, number[]>;
}

export interface TrendChartProps {
  title: string;
  data: TrendSeries;
  /** Chart height in px. */
  height?: number;
  /** Names of the series keys; by default the start-cased key ('in_queue' -> 'In Queue'). */
  seriesLabels?: Record<string, string>;
}

const FALLBACK_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];

/**
 * Line colours per status. Badges share a hue where the meaning is alike (STATUS_COLORS: failed and
 * rejected both red); lines must be told apart, so every status one channel can reach has its own
 * hue here (MONITORING_FILTERS: no two statuses of a channel share one).
 */
export const CHART_COLORS: Record<MessageStatus, string> = {
  delivered: 'green.7', answered: 'green.7', success: 'green.7', read: 'cyan.6', opened: 'cyan.6', clicked: 'indigo.6',
  sent: 'blue.6', processed: 'blue.6', in_call: 'blue.6', submitted: 'gray.6', in_queue: 'yellow.6',
  failed: 'red.7', rejected: 'pink.5', undelivered: 'orange.6', rna: 'orange.6', user_busy: 'violet.6', unsubscribe: 'grape.6',
};

export function TrendChart({ title, data, height = 280, seriesLabels }: TrendChartProps) {
  const { t } = useTranslation('dashboard');
  const captionId = useId();
  const note = displayTimeZoneNote();
  const name = (k: string) => seriesLabels?.[k] ?? fieldLabel(k);
  const keys = Object.keys(data.series);
  const rows = data.labels.map((label, i) => ({
    bucket: formatBucket(label, data.granularity),
    ...Object.fromEntries(keys.map((k) => [k, data.series[k]?.[i] ?? 0])),
  }));
  const series = keys.map((k, i) => {
    const c = CHART_COLORS[k as MessageStatus];
    return { name: k, label: name(k), color: c ?? FALLBACK_COLORS[i % FALLBACK_COLORS.length]! };
  });
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0, minWidth: 0 }}>
      <Text id={captionId} component="figcaption" fw={600} mb="xs">
        {title}
        {/* Days and hours are the organization's: its zone when the browser's differs (issue 23 item 7). */}
        {note ? (
          <Text span size="sm" fw={400} c="gray.7">
            {` (${note})`}
          </Text>
        ) : null}
        <VisuallyHidden>
          {t('chart.description', { granularity: t(data.granularity === 'hour' ? 'chart.perHour' : 'chart.perDay'), series: keys.map(name).join(', ') })}
        </VisuallyHidden>
      </Text>
      <div aria-hidden="true" inert>
        <ChartSlot height={height}>
          <LazyLineChart
            h={height}
            data={rows}
            dataKey="bucket"
            series={series}
            curveType="monotone"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            gridAxis="y"
            withDots={rows.length <= 31}
            xAxisProps={{ minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 40 }}
            valueFormatter={formatCount}
            lineChartProps={{ accessibilityLayer: false }}
          />
        </ChartSlot>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t(data.granularity === 'hour' ? 'chart.hour' : 'chart.day')}</th>
              {keys.map((k) => (
                <th key={k} scope="col">
                  {name(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.bucket}>
                <th scope="row">{r.bucket}</th>
                {keys.map((k) => (
                  <td key={k}>{formatCount((r as Record<string, number | string>)[k] as number)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
