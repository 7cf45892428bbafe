/**
 * Overview texts of ours (the spec's own texts are DASHBOARD_MESSAGES in contracts/dashboard.ts).
 */
export const DASHBOARD_TEXTS = {
  emptyTitle: 'No traffic in this date range',
  emptyHint: 'Nothing was sent on this channel between these days. Send your first message with the API: the API docs show how.',
  emptyLink: 'Read the API docs',
  noAppsTitle: "You don't have any application yet",
  noAppsHint: 'Create an application to send messages; its traffic shows here.',
  viewAllMonitoring: 'View All Monitoring',
  loadFailedInline: 'The figures could not be loaded.',
  /** Rate card tooltips (§9 formulas in words). */
  totalHelp: 'Every message of this channel created in the date range, whatever its status.',
  successHelp: 'Successful messages divided by the total, in percent with 2 decimals.',
  failureHelp: 'Failed messages divided by the total, in percent with 2 decimals.',
} as const;
