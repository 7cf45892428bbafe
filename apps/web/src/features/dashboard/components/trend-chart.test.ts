import { describe, expect, it } from 'vitest';
import { MONITORING_FILTERS, type MessageStatus } from '@pesan/contracts/statuses';
import { CHART_COLORS } from './trend-chart.tsx';

describe('trend chart colours', () => {
  it.each(Object.entries(MONITORING_FILTERS))('gives every status of %s a hue of its own, so its lines can be told apart', (_channel, filters) => {
    const statuses = filters.filter((s): s is MessageStatus => s !== 'all');
    const hues = statuses.map((s) => CHART_COLORS[s].split('.')[0]);
    expect(new Set(hues).size).toBe(statuses.length);
  });
});
