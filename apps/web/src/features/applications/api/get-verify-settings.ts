/**
 * GET /api/applications/{id}/verify-settings -> {data: VerifySettings}: an application's Verify
 * settings (issue 27; ARCHITECTURE.md §6.4; contracts/verify-console.ts): the countries Verify
 * sends codes to (ISO 3166-1 alpha-2, sorted; null for any country) and the effective limit of
 * verifications per minute (set by Pesan operations; `per_minute_is_default` when it is the
 * default 60). Permission `read`; another organization's application is a 404.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifySettings } from '@pesan/contracts/verify-console';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

export async function getVerifySettings(applicationId: string, signal?: AbortSignal): Promise<VerifySettings> {
  return (await api<{ data: VerifySettings }>(`/api/applications/${encodeURIComponent(applicationId)}/verify-settings`, { signal })).data;
}

/** The query key of an application's Verify settings. */
export const verifySettingsQueryKey = (applicationId: string) => [...applicationsQueryKey, 'verify-settings', applicationId] as const;

export const verifySettingsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: verifySettingsQueryKey(applicationId),
    queryFn: ({ signal }) => getVerifySettings(applicationId, signal),
    enabled: Boolean(applicationId),
  });

export const useVerifySettings = (applicationId: string) => useQuery(verifySettingsQueryOptions(applicationId));
