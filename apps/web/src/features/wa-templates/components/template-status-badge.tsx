/** Template status badge (templates-dashboard-reports.md §4): the status label on its colour (utils/status.ts), via the shared ReasonBadge. */
import { templateStatusLabel } from '@pesan/contracts/wa-template-status';
import { ReasonBadge } from '../../../components/status-badge.tsx';
import { templateStatusColor } from '../utils/status.ts';

export interface TemplateStatusBadgeProps {
  /** Stored or raw status ('REJECTED', 'Reviewed'). */
  status: string;
  /** The row's label when it has one (else worked out from the status). */
  label?: string;
}

/** The badge never shrinks below its label (a narrow table column would otherwise cut it to 'Approv…'). */
export function TemplateStatusBadge({ status, label }: TemplateStatusBadgeProps) {
  return (
    <span style={{ display: 'inline-block', width: 'max-content' }}>
      <ReasonBadge label={label ?? templateStatusLabel(status)} color={templateStatusColor(status)} />
    </span>
  );
}
