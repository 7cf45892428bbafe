/** Generate Report at /generate-report (templates-dashboard-reports.md §2.7, §2.8): the reports feature's page. */
import { GenerateReportView } from '../../../features/reports/components/generate-report-view.tsx';

export default function GenerateReportPage() {
  return <GenerateReportView />;
}
