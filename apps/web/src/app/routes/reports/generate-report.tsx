/** Generate Report (templates-dashboard-reports.md): not built yet; an honest placeholder. */
import { ComingSoon } from '../../../components/coming-soon.tsx';

export default function GenerateReportPage() {
  return <ComingSoon title="Generate Report" description="Spreadsheet reports of your transactions will be generated here. Meanwhile, Monitoring lists every message with its status, and GET /v1/messages/{id} returns one with its events." />;
}
