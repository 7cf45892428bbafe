/**
 * Badge colours of the template statuses (templates-dashboard-reports.md §4 Template status: "each
 * maps to a colour class"); the label is the row's `status_label` or TEMPLATE_STATUS_LABELS.
 */
import { normaliseTemplateStatus, type TemplateStatus } from '@pesan/contracts/wa-template-status';

/** Mantine colour of each stored status. */
export const TEMPLATE_STATUS_COLORS: Record<TemplateStatus, string> = {
  DRAFT: 'gray',
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  PAUSED: 'orange',
  DISABLED: 'dark',
  IN_APPEAL: 'violet',
  FLAGGED: 'orange',
  PENDING_DELETION: 'gray',
  DELETED: 'gray',
  LIMIT_EXCEEDED: 'red',
  ARCHIVED: 'gray',
};

/** Colour of a raw status ('Reviewed' -> yellow); gray when unknown. */
export function templateStatusColor(raw: string): string {
  const s = normaliseTemplateStatus(raw);
  return s ? TEMPLATE_STATUS_COLORS[s] : 'gray';
}
