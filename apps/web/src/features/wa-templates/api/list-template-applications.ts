/**
 * POST /api/application/list {channel_id: [], search: '', page: 1, limit: 100} -> the
 * organization's applications as the template screens need them (templates-dashboard-reports.md
 * §7.1 "Get all applications of the user", "Masking sender name lookup"; console.md §7;
 * ARCHITECTURE.md §5): the list's application filter, the New Whatsapp Template modal's
 * Application field (the first one by default) and the phone preview's sender name (the
 * application's WhatsApp sender name, when it has one). Newest first, at most 100.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, Paged } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface TemplateApplication {
  id: string;
  name: string;
  channels: ChannelId[];
  /** The WhatsApp channel's sender (masking) name; null when the application has none. */
  whatsappSenderName: string | null;
}

/** At most this many applications are offered (the list call's limit maximum). */
export const TEMPLATE_APPS_LIMIT = 100;

/** Maps the application list answer to TemplateApplication (pure; exported for tests). */
export function toTemplateApplications(apps: readonly Application[]): TemplateApplication[] {
  return apps.map((a) => ({
    id: a.id,
    name: a.application_name,
    channels: a.channels.map((c) => c.channel),
    whatsappSenderName: a.channels.find((c) => c.channel === 'whatsapp')?.senderName?.trim() || null,
  }));
}

/** Fetches the applications (the first TEMPLATE_APPS_LIMIT, newest first). */
export async function listTemplateApplications(signal?: AbortSignal): Promise<TemplateApplication[]> {
  const res = await api<Paged<Application>>('/api/application/list', { body: { channel_id: [], search: '', page: 1, limit: TEMPLATE_APPS_LIMIT }, signal });
  return toTemplateApplications(res.data);
}

/** Query options (the key sits under 'applications', so it refreshes when applications change). */
export const templateApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'wa-template-picker'], queryFn: ({ signal }) => listTemplateApplications(signal), staleTime: 60_000 });

/** The organization's applications for the template screens. */
export const useTemplateApplications = () => useQuery(templateApplicationsQueryOptions());

/**
 * The sender name the phone preview shows for an application (§2.2 "sender name … when no masking
 * sender name is found", §7.1 masking sender name lookup by application id), from
 * `GET /api/application/{id}`: the display name of its connected WhatsApp sender, else its
 * WhatsApp channel's sender name, else null (the preview then shows its placeholder).
 */
export async function getTemplateSenderName(applicationId: string, signal?: AbortSignal): Promise<string | null> {
  const res = await api<{ data: Application }>(`/api/application/${encodeURIComponent(applicationId)}`, { signal });
  return res.data.whatsapp_sender?.display_name?.trim() || toTemplateApplications([res.data])[0]!.whatsappSenderName;
}

/** Query options of the sender name of one application (cached a minute; a failed lookup is not retried). */
export const templateSenderNameQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['applications', 'wa-template-sender', applicationId],
    queryFn: ({ signal }) => getTemplateSenderName(applicationId, signal),
    staleTime: 60_000,
    retry: false,
  });

/**
 * The sender name for the preview of a template of `applicationId` (idle without one): the
 * lookup's answer, `fallback` (e.g. the list's `whatsappSenderName`) until it comes or when it
 * fails. Null means 'use the placeholder'. For the editor's live preview too.
 */
export function useTemplateSenderName(applicationId: string | null | undefined, fallback: string | null = null): string | null {
  const q = useQuery({ ...templateSenderNameQueryOptions(applicationId ?? ''), enabled: Boolean(applicationId) });
  return q.data ?? fallback;
}
