/**
 * PUT /api/applications/{id}/verify-settings {allowed_countries: string[] | null} -> {data:
 * VerifySettings} (issue 27; ARCHITECTURE.md §6.4; contracts/verify-console.ts): the countries
 * Verify may send codes to (ISO 3166-1 alpha-2; the server deduplicates and sorts them), or null
 * for any country. Permission `applications.edit`; a list that is empty, too long or holds an
 * unknown code is a 400 whose message (VERIFY_CONSOLE_MESSAGES.countriesInvalid) the card shows
 * under the field. The answer replaces the cached settings.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifySettings, VerifySettingsBody } from '@pesan/contracts/verify-console';
import { api } from '../../../lib/api-client.ts';
import { verifySettingsQueryKey } from './get-verify-settings.ts';

export interface UpdateVerifySettingsInput extends VerifySettingsBody {
  applicationId: string;
}

export async function updateVerifySettings({ applicationId, ...body }: UpdateVerifySettingsInput): Promise<VerifySettings> {
  return (await api<{ data: VerifySettings }>(`/api/applications/${encodeURIComponent(applicationId)}/verify-settings`, { method: 'PUT', body })).data;
}

export function useUpdateVerifySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVerifySettings,
    onSuccess: (data, { applicationId }) => qc.setQueryData(verifySettingsQueryKey(applicationId), data),
  });
}
