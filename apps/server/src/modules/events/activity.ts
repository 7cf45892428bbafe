/**
 * The `activity` event of the live stream (issue 28; activityEventSchema in contracts/events.ts):
 * counts of an organization's status changes per application and channel, gathered between two
 * frames, then written as one frame text per application filter (the streams of one filter share
 * it).
 */
import type { ActivityEntry, ActivityEvent } from '@pesan/contracts/events';
import { LIFECYCLES } from '@pesan/contracts/statuses';
import type { OutboxEventRow, OutboxSummaryRow } from './events.repo.ts';
import { sseFrame } from './sse-frame.ts';

/** An organization's changes since the last frame. */
export interface Activity {
  /** Counts one change. */
  add(row: OutboxEventRow): void;
  /** Counts a group of changes (a resumed stream's summary). */
  addGroup(group: OutboxSummaryRow): void;
  /** Changes counted so far. */
  size(): number;
  /**
   * The `activity` frame (text, id = the newest outbox id counted) of the changes of
   * `applicationIds` (null = all), or null when none of them changed.
   */
  frame(applicationIds: ReadonlySet<string> | null, opts?: { resumed?: boolean }): string | null;
}

/** An empty Activity. */
export function createActivity(): Activity {
  /** application id -> channel -> entry; per entry the newest id and the time range it covers. */
  const byApplication = new Map<string, Map<string, { entry: ActivityEntry; maxId: number; from: number; to: number }>>();
  let count = 0;
  function addCounted(applicationId: string, channel: string, status: string, previousStatus: string | null, n: number, id: number, from: number, to: number) {
    count += n;
    let channels = byApplication.get(applicationId);
    if (!channels) byApplication.set(applicationId, (channels = new Map()));
    let e = channels.get(channel);
    if (!e) channels.set(channel, (e = { entry: { application_id: applicationId, channel, created: 0, statuses: {} }, maxId: 0, from, to }));
    // A message's first change leaves the status it was accepted with: a new row of Monitoring.
    if (previousStatus === null || previousStatus === (LIFECYCLES as Record<string, readonly string[] | undefined>)[channel]?.[0]) e.entry.created += n;
    e.entry.statuses[status] = (e.entry.statuses[status] ?? 0) + n;
    if (id > e.maxId) e.maxId = id;
    if (from < e.from) e.from = from;
    if (to > e.to) e.to = to;
  }
  return {
    add(r) {
      const at = r.at.getTime();
      addCounted(r.applicationId, r.channel, r.status, r.previousStatus, 1, r.id, at, at);
    },
    addGroup(g) {
      addCounted(g.applicationId, g.channel, g.status, g.previousStatus, g.count, g.maxId, g.from.getTime(), g.to.getTime());
    },
    size: () => count,
    frame(applicationIds, opts = {}) {
      const changes: ActivityEntry[] = [];
      let maxId = 0;
      let from = Infinity;
      let to = -Infinity;
      for (const [applicationId, channels] of byApplication) {
        if (applicationIds && !applicationIds.has(applicationId)) continue;
        for (const e of channels.values()) {
          changes.push(e.entry);
          if (e.maxId > maxId) maxId = e.maxId;
          if (e.from < from) from = e.from;
          if (e.to > to) to = e.to;
        }
      }
      if (!changes.length) return null;
      const data: ActivityEvent = { id: String(maxId), changes, from: new Date(from).toISOString(), to: new Date(to).toISOString(), resumed: opts.resumed ?? false };
      return sseFrame('activity', data, data.id);
    },
  };
}
