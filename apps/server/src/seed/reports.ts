/**
 * Demo reports (ARCHITECTURE.md §4 DEMO_DATA; issue 12): three finished reports of the demo
 * application's traffic (SMS last 7 days as CSV, every status; WhatsApp last 30 days as XLSX,
 * delivered and read; Email last 7 days as CSV), created and generated through the real report
 * service, so Generate Report has rows to download on a new database.
 */
import { localParts, addDays } from '@pesan/contracts/dashboard';
import { DEFAULT_TIME_ZONE } from '@pesan/contracts/records';
import { generateReportSchema } from '@pesan/contracts/reports';
import type { AppContext } from '../context.ts';
import type { DemoIds } from './seed.ts';

/** Creates and generates the demo reports; does nothing without the demo application and user. */
export async function seedDemoReports(ctx: AppContext, ids: DemoIds): Promise<void> {
  if (!ids.applicationId || !ids.organizationId || !ids.userId) return;
  const today = localParts(ctx.now(), DEFAULT_TIME_ZONE).day;
  const caller = { organizationId: ids.organizationId, userId: ids.userId };
  const demos = [
    { title: 'SMS weekly delivery', channel: 'sms', status: [], start_date: addDays(today, -6), end_date: today, type: 'csv' },
    { title: 'WhatsApp monthly read', channel: 'whatsapp', status: ['delivered', 'read'], start_date: addDays(today, -29), end_date: today, type: 'xlsx' },
    { title: 'Email weekly', channel: 'email', status: [], start_date: addDays(today, -6), end_date: today, type: 'csv' },
  ];
  for (const demo of demos) {
    const report = await ctx.services.reports.createReport(caller, generateReportSchema.parse({ application_id: ids.applicationId, ...demo }));
    // Generated now, so the first page shows them Done; the queued turn then takes whatever else waits.
    await ctx.services.reports.generateReport(report._id);
  }
}
