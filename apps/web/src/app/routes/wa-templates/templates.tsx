/** Whatsapp Template (templates-dashboard-reports.md): not built yet; an honest placeholder. */
import { ComingSoon } from '../../../components/coming-soon.tsx';

export default function WhatsappTemplatesPage() {
  return <ComingSoon title="Whatsapp Template" description="Authoring and review of WhatsApp message templates will live here. Approved templates can already be sent through POST /v1/whatsapp/messages." />;
}
