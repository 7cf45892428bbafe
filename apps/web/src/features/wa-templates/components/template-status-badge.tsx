/** Template status badge (templates-dashboard-reports.md §4): the status label (in the interface language) on its colour (utils/status.ts), via the shared ReasonBadge. */
import { useTranslation } from 'react-i18next';
import { ReasonBadge } from '../../../components/status-badge.tsx';
import { templateStatusText } from '../utils/labels.ts';
import { templateStatusColor } from '../utils/status.ts';

export interface TemplateStatusBadgeProps {
  /** Stored or raw status ('REJECTED', 'Reviewed'). */
  status: string;
  /** The row's label, shown for a status the console does not know (a known one shows the catalogue's label). */
  label?: string;
}

/** The badge never shrinks below its label (a narrow table column would otherwise cut it to 'Approv…'). */
export function TemplateStatusBadge({ status, label }: TemplateStatusBadgeProps) {
  useTranslation('wa-templates');
  return (
    <span style={{ display: 'inline-block', width: 'max-content' }}>
      <ReasonBadge label={templateStatusText(status, label)} color={templateStatusColor(status)} />
    </span>
  );
}
