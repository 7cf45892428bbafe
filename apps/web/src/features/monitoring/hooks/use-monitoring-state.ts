/**
 * Monitoring filter state (console.md §4): changing the channel resets the status filter to All and
 * the page to 1; changing the filter, the search or the date range resets the page to 1. The search
 * text is applied 2 s after the last keystroke (console.md §9).
 */
import { useEffect, useReducer, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { ChannelId } from '@pesan/contracts/channels';
import { MONITORING_CHANNEL_LABELS } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { SearchKey } from '../api/list-records.ts';

/** Monitoring search debounce, in ms (console.md §9). */
export const MONITORING_SEARCH_DEBOUNCE_MS = 2000;

export type DayRange = [string, string];

export interface MonitoringState {
  channel: ChannelId;
  filter: 'all' | MessageStatus;
  range: DayRange;
  searchKey: SearchKey;
  /** The applied (debounced) search text. */
  search: string;
  page: number;
}

export type MonitoringAction =
  | { type: 'channel'; channel: ChannelId }
  | { type: 'filter'; filter: 'all' | MessageStatus }
  | { type: 'range'; range: DayRange }
  | { type: 'searchKey'; key: SearchKey }
  | { type: 'search'; search: string }
  | { type: 'page'; page: number };

/** Search keys offered on a channel: Email only on the email channel (console.md §2 Monitoring). */
export function searchKeysFor(channel: ChannelId): SearchKey[] {
  return channel === 'email' ? ['message_id', 'number', 'email'] : ['message_id', 'number'];
}

/** Pure state transitions of the Monitoring filters; see the module comment for the reset rules. */
export function monitoringReducer(state: MonitoringState, action: MonitoringAction): MonitoringState {
  switch (action.type) {
    case 'channel': {
      if (action.channel === state.channel) return state;
      const keys = searchKeysFor(action.channel);
      return { ...state, channel: action.channel, filter: 'all', page: 1, searchKey: keys.includes(state.searchKey) ? state.searchKey : 'message_id' };
    }
    case 'filter':
      return action.filter === state.filter ? state : { ...state, filter: action.filter, page: 1 };
    case 'range':
      return action.range[0] === state.range[0] && action.range[1] === state.range[1] ? state : { ...state, range: action.range, page: 1 };
    case 'searchKey':
      return action.key === state.searchKey ? state : { ...state, searchKey: action.key, page: state.search ? 1 : state.page };
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'page':
      return { ...state, page: action.page };
  }
}

/** Channels of an application in the Monitoring selector order (Whatsapp, SMS, Email, Voice, SMS OTP, Voice OTP). */
export function monitoringChannels(appChannels: ChannelId[]): ChannelId[] {
  return (Object.keys(MONITORING_CHANNEL_LABELS) as ChannelId[]).filter((c) => appChannels.includes(c));
}

/**
 * State, dispatcher, the raw search text bound to the 'Search' input, and `applySearchNow` (Enter:
 * apply the typed text without waiting for the debounce).
 */
export function useMonitoringState(initial: Omit<MonitoringState, 'search' | 'page' | 'filter' | 'searchKey'>) {
  const [state, dispatch] = useReducer(monitoringReducer, { ...initial, filter: 'all', searchKey: 'message_id', search: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(searchText.trim(), MONITORING_SEARCH_DEBOUNCE_MS);
  useEffect(() => dispatch({ type: 'search', search: debounced }), [debounced]);
  const applySearchNow = () => dispatch({ type: 'search', search: searchText.trim() });
  return { state, dispatch, searchText, setSearchText, applySearchNow };
}
