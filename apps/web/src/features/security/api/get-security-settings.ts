/** GET /api/organization/security -> {data: {require_2fa}} (ARCHITECTURE.md §5.1): the organization's sign-in rules. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export async function getSecuritySettings(): Promise<SecuritySettings> {
  return (await api<{ data: SecuritySettings }>('/api/organization/security')).data;
}

export const securitySettingsQueryKey = ['security', 'organization'] as const;
export const securitySettingsQueryOptions = () => queryOptions({ queryKey: securitySettingsQueryKey, queryFn: getSecuritySettings });
/** Only fetched when `enabled` (owners and admins: the section is theirs). */
export const useSecuritySettings = (enabled = true) => useQuery({ ...securitySettingsQueryOptions(), enabled });
