/**
 * The Verify tab's chart (issue 27): verifications started and approved per hour (a single day) or
 * per day, as grouped bars, for all channels together or for one channel (the select above the
 * chart). @mantine/charts like the trend chart; the SVG is hidden from assistive technology and
 * the same figures are in a visually hidden table described by the figure's caption. Recharts
 * loads once the chart nears the viewport (lazy-chart.tsx).
 */
import { Group, NativeSelect, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartSlot, LazyBarChart } from './lazy-chart.tsx';
import type { VerifyChannel } from '@pesan/contracts/verify';
import type { VerifyReportData } from '@pesan/contracts/verify-console';
import { displayTimeZoneNote } from '../../../lib/format.ts';
import { formatBucket, formatCount } from '../utils/format.ts';
import { VERIFY_TAB_CHANNELS } from '../utils/verify.ts';

export interface VerifyChartProps {
  data: Pick<VerifyReportData, 'granularity' | 'series'>;
  height?: number;
}

type Scope = 'all' | VerifyChannel;

/** One row per bucket: its label and the started and approved counts of `scope`. */
export function verifyChartRows(data: VerifyChartProps['data'], scope: Scope) {
  return data.series.map((p) => {
    const figures = scope === 'all' ? p : (p.channels[scope] ?? { started: 0, approved: 0 });
    return { bucket: formatBucket(p.label, data.granularity), started: figures.started, approved: figures.approved };
  });
}

export function VerifyChart({ data, height = 260 }: VerifyChartProps) {
  const { t } = useTranslation('dashboard');
  const captionId = useId();
  const [scope, setScope] = useState<Scope>('all');
  const note = displayTimeZoneNote();
  const rows = verifyChartRows(data, scope);
  const scopeLabel = scope === 'all' ? t('verify.chart.allChannels') : t(`verify.channels.${scope}`);
  const title = t('verify.chart.title', { scope: scopeLabel });
  const series = [
    { name: 'started', label: t('verify.chart.started'), color: 'blue.6' },
    { name: 'approved', label: t('verify.chart.approved'), color: 'green.7' },
  ];
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0, minWidth: 0 }}>
      <Group justify="space-between" align="flex-end" gap="xs" mb="xs" wrap="wrap">
        <Text id={captionId} component="figcaption" fw={600} style={{ flex: '1 1 200px', minWidth: 0 }}>
          {title}
          {note ? (
            <Text span size="sm" fw={400} c="gray.7">
              {` (${note})`}
            </Text>
          ) : null}
          <VisuallyHidden>
            {t('chart.description', { granularity: t(data.granularity === 'hour' ? 'chart.perHour' : 'chart.perDay'), series: series.map((s) => s.label).join(', ') })}
          </VisuallyHidden>
        </Text>
        <NativeSelect
          label={t('verify.chart.channel')}
          size="xs"
          value={scope}
          onChange={(e) => setScope(e.currentTarget.value as Scope)}
          data={[{ value: 'all', label: t('verify.chart.allChannelsOption') }, ...VERIFY_TAB_CHANNELS.map((c) => ({ value: c, label: t(`verify.channels.${c}`) }))]}
          w={170}
        />
      </Group>
      <div aria-hidden="true" inert>
        <ChartSlot height={height}>
          <LazyBarChart
            h={height}
            data={rows}
            dataKey="bucket"
            series={series}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            gridAxis="y"
            maxBarWidth={28}
            xAxisProps={{ minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 40 }}
            valueFormatter={formatCount}
            barChartProps={{ accessibilityLayer: false }}
          />
        </ChartSlot>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t(data.granularity === 'hour' ? 'chart.hour' : 'chart.day')}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.bucket}>
                <th scope="row">{r.bucket}</th>
                <td>{formatCount(r.started)}</td>
                <td>{formatCount(r.approved)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
