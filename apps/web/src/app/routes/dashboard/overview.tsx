/** Overview (templates-dashboard-reports.md): not built yet; an honest placeholder. */
import { ComingSoon } from '../../../components/coming-soon.tsx';

export default function OverviewPage() {
  return <ComingSoon title="Overview" description="Traffic, success rates and quota per channel will show here. Meanwhile, Monitoring shows every message of an application as it moves through its delivery lifecycle." />;
}
