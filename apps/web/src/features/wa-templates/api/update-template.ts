/**
 * PUT /api/wa/template/{id}?draft=true|false with the console payload (templates-dashboard-reports.md
 * §3, §4: an existing template is updated; only a Draft or Rejected one, else 409
 * 'Only a Draft or Rejected template can be edited') -> {data: TemplateRow}. A 400 carries the
 * broken rules as `details: [{path, message}]`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleTemplateInput } from '@pesan/contracts/wa-template-console';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { api } from '../../../lib/api-client.ts';
import { waTemplatesQueryKey } from './list-templates.ts';

export interface UpdateTemplateInput {
  id: string;
  /** true: Save as Draft; false: Submit for review. */
  draft: boolean;
  /** The console payload, with `template_code_id`. */
  payload: ConsoleTemplateInput;
}

export async function updateTemplate({ id, draft, payload }: UpdateTemplateInput): Promise<TemplateRow> {
  const res = await api<{ data: TemplateRow }>(`/api/wa/template/${encodeURIComponent(id)}?draft=${draft ? 'true' : 'false'}`, { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    // Marked stale, not refetched now: the editor that saved is leaving, and refetching its own
    // template under it would remount it (a new `updated_at`) and cancel its return to the list,
    // or, once submitted (no longer editable), bounce it through the create route with a warning.
    // The list refetches when it mounts again.
    onSuccess: () => qc.invalidateQueries({ queryKey: waTemplatesQueryKey, refetchType: 'none' }),
  });
}
