/**
 * WhatsApp template review statuses (templates-dashboard-reports.md §4 Template status): the
 * stored values (Meta's statuses plus DRAFT), their labels, and the mapping of the raw values the
 * spec lists (Draft, Reviewed, Requested, InReview, Active, active-low, PENDING, IN_APPEAL, …).
 */
import { z } from './zod.ts';
import { WA_TEMPLATE_MESSAGES } from './wa-template-messages.ts';

/**
 * Stored template statuses: DRAFT (saved, never submitted) and Meta's review statuses
 * (`message_template_status_update` events; REINSTATED is stored as APPROVED).
 */
export const TEMPLATE_STATUSES = [
  'DRAFT',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'FLAGGED',
  'PENDING_DELETION',
  'DELETED',
  'LIMIT_EXCEEDED',
  'ARCHIVED',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/**
 * Label of each status (§4): Draft, In Review (Meta's PENDING; the spec's Reviewed/InReview),
 * Approved, Rejected, Paused, Disabled; the others in start case.
 */
export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'In Review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAUSED: 'Paused',
  DISABLED: 'Disabled',
  IN_APPEAL: 'In Appeal',
  FLAGGED: 'Flagged',
  PENDING_DELETION: 'Pending Deletion',
  DELETED: 'Deleted',
  LIMIT_EXCEEDED: 'Limit Exceeded',
  ARCHIVED: 'Archived',
};

/** Statuses offered by the template list filter (§2.2, §4), in this order; the filter adds 'all'. */
export const TEMPLATE_FILTER_STATUSES: readonly TemplateStatus[] = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'];

/**
 * Raw values of §4 (any case, spaces, '-' or '_') that are another name of a stored status.
 * 'Active' and 'active-low' (Meta's quality ratings of an approved template) are not statuses:
 * their labels are their start case.
 */
const ALIASES: Record<string, TemplateStatus> = {
  reviewed: 'PENDING',
  inreview: 'PENDING',
  requested: 'PENDING',
  submitted: 'PENDING',
  reinstated: 'APPROVED',
};

const squash = (raw: string) => raw.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The stored status a raw value stands for (§4): 'Draft' -> DRAFT; 'Reviewed', 'InReview',
 * 'Requested', 'PENDING' -> PENDING; 'Approved', 'REINSTATED' -> APPROVED; 'in_appeal' -> IN_APPEAL;
 * Meta's upper-case values as they are. Undefined for an unknown value ('Active', 'active-low').
 */
export function normaliseTemplateStatus(raw: string): TemplateStatus | undefined {
  const key = squash(raw);
  if (ALIASES[key]) return ALIASES[key];
  return TEMPLATE_STATUSES.find((s) => squash(s) === key);
}

/** 'active-low' -> 'Active Low', 'IN_APPEAL' -> 'In Appeal', 'InReview' -> 'In Review'. */
export function startCase(raw: string): string {
  return raw
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/**
 * The badge label of a raw status (§4): the label of the stored status it stands for ('Reviewed'
 * -> 'In Review', 'PENDING' -> 'In Review', 'APPROVED' -> 'Approved'), else the raw value in
 * start case ('active-low' -> 'Active Low').
 */
export function templateStatusLabel(raw: string): string {
  const status = normaliseTemplateStatus(raw);
  return status ? TEMPLATE_STATUS_LABELS[status] : startCase(raw);
}

/** A status in a request: any raw value of §4, stored as its TemplateStatus. */
export const templateStatusSchema = z
  .string({ error: WA_TEMPLATE_MESSAGES.statusRequired })
  .max(40)
  .transform((raw, ctx) => {
    const status = normaliseTemplateStatus(raw);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: WA_TEMPLATE_MESSAGES.statusUnknown(raw) });
      return z.NEVER;
    }
    return status;
  });

/** Only Draft or Rejected templates can be edited (§4, §2.1). */
export function isTemplateEditable(status: string): boolean {
  const s = normaliseTemplateStatus(status);
  return s === 'DRAFT' || s === 'REJECTED';
}
