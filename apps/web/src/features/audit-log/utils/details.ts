/**
 * An audit entry's details as short text: 'from: viewer, to: admin'. Nested values show as
 * compact JSON; null and empty values are left out.
 */
export function formatDetails(details: Record<string, unknown> | null | undefined): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ') : JSON.stringify(v)}`)
    .join('; ');
}
