/**
 * The date range limit and messages of the records (Monitoring) query, without zod (issue 28):
 * every signed-in page loads them (the date pickers, the empty lists), and records.ts, which
 * re-exports them, has zod schemas.
 */

/** Date ranges: minimum 1 day, maximum 31 days (console.md §5, §9). */
export const MAX_RANGE_DAYS = 31;

export const RECORDS_MESSAGES = {
  rangeTooLong: 'Date range must be at most 31 days',
  rangeInvalid: 'End date must be after start date',
  /** Empty result of a search or filter (console.md §2 Monitoring; the application list uses it too). */
  empty: "Sorry we couldn't find any result",
  emptyHint: 'Try adjusting your search or filter to find what you are looking for.',
  noData: 'No data',
  /**
   * 422 `outside_retention` of Monitoring, Overview and Generate Report (server lib/retention.ts):
   * the range starts before the oldest kept messages; `firstDay` is the first whole day (organization
   * time zone, YYYY-MM-DD) a range may start on, `days` the retention (RETENTION_DAYS).
   */
  olderThanRetention: (firstDay: string, days: number) =>
    `Messages older than ${firstDay} are no longer kept (retention: ${days} days). Choose a range from ${firstDay}.`,
} as const;
