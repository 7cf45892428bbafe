/**
 * PUT /api/organization/security {require_2fa} -> {data: {require_2fa}} (ARCHITECTURE.md §5.1;
 * owners and admins). Turning it on without 2FA yourself is refused with the message to show.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { securitySettingsQueryKey } from './get-security-settings.ts';

export async function updateSecuritySettings(input: SecuritySettings): Promise<SecuritySettings> {
  const res = await api<{ data?: SecuritySettings } | undefined>('/api/organization/security', { method: 'PUT', body: input });
  return res?.data ?? input;
}

export function useUpdateSecuritySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (settings) => qc.setQueryData(securitySettingsQueryKey, settings),
  });
}
