/**
 * Overview filters kept in the URL search params (templates-dashboard-reports.md §2.6, §9), so a
 * reload or Back restores them: `app` (application id), `channel` (channel id, or `verify` for the
 * Verify tab of issue 27, which every application has), `start` and `end` (inclusive 'YYYY-MM-DD'
 * days). Missing or invalid values fall back: the first application, the application's first
 * dashboard channel (the Verify tab when it has none), the last 7 days. Picking another application drops the
 * channel (it resets to that application's first channel); every change is a new history entry.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { ChannelId } from '@pesan/contracts/channels';
import { defaultDateRange, rangeError, zonedToday, type DateRange } from '../../../components/date-range-picker.tsx';
import { dashboardChannels } from '../utils/channels.ts';

/** The Verify tab's value in `channel` (issue 27): after the channel tabs, for any application. */
export const VERIFY_TAB = 'verify';

/** An Overview tab: a dashboard channel or the Verify tab. */
export type DashboardTab = ChannelId | typeof VERIFY_TAB;

export interface DashboardApp {
  id: string;
  channels: ChannelId[];
}

export interface ResolvedDashboardParams {
  /** The selected application, or null when the organization has none. */
  appId: string | null;
  /** The selected tab (a channel or VERIFY_TAB), or null when there is no application. */
  channel: DashboardTab | null;
  /** The application's dashboard channels in tab order. */
  channels: ChannelId[];
  range: DateRange;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `s` is a real 'YYYY-MM-DD' calendar day. */
const isDay = (s: string | null): s is string => Boolean(s && DAY.test(s) && dayjs(s).format('YYYY-MM-DD') === s);

/**
 * Resolves the raw search params against the applications the user has. Pure (the tests use it):
 * `today` defaults to today in the organization's time zone (zonedToday).
 */
export function resolveDashboardParams(params: URLSearchParams, apps: readonly DashboardApp[], today: Date = zonedToday()): ResolvedDashboardParams {
  const app = apps.find((a) => a.id === params.get('app')) ?? apps[0] ?? null;
  const channels = app ? dashboardChannels(app.channels) : [];
  const wanted = params.get('channel');
  const channel: DashboardTab | null = !app
    ? null
    : wanted === VERIFY_TAB || (wanted && channels.includes(wanted as ChannelId))
      ? (wanted as DashboardTab)
      : (channels[0] ?? VERIFY_TAB);
  const start = params.get('start');
  const end = params.get('end');
  const todayDay = dayjs(today).format('YYYY-MM-DD');
  const range: DateRange =
    isDay(start) && isDay(end) && end <= todayDay && !rangeError(start, end) ? [start, end] : defaultDateRange(today);
  return { appId: app?.id ?? null, channel, channels, range };
}

/** The search params and setters of the Overview filters (see the module comment). */
export function useDashboardParams(apps: readonly DashboardApp[]) {
  const [params, setParams] = useSearchParams();
  const resolved = resolveDashboardParams(params, apps);
  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      }),
    [setParams],
  );
  return {
    ...resolved,
    setApp: (id: string) => update({ app: id, channel: null }),
    setChannel: (channel: DashboardTab) => update({ channel }),
    setRange: ([start, end]: DateRange) => update({ start, end }),
  };
}
