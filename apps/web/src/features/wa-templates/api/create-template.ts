/**
 * POST /api/wa/template?draft=true|false with the console payload (templates-dashboard-reports.md
 * §3 "Template create or update payload", §4: Save as Draft stores a Draft, Submit sends the
 * template to review) -> 201 {data: TemplateRow}. A 400 carries the broken rules as
 * `details: [{path, message}]` (wa-template-api.ts); the editor shows them on their fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleTemplateInput } from '@pesan/contracts/wa-template-console';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { api } from '../../../lib/api-client.ts';
import { waTemplatesQueryKey } from './list-templates.ts';

export interface CreateTemplateInput {
  /** true: Save as Draft; false: Submit for review. */
  draft: boolean;
  /** The console payload, with `application_id`. */
  payload: ConsoleTemplateInput;
}

export async function createTemplate({ draft, payload }: CreateTemplateInput): Promise<TemplateRow> {
  const res = await api<{ data: TemplateRow }>(`/api/wa/template?draft=${draft ? 'true' : 'false'}`, { method: 'POST', body: payload });
  return res.data;
}

export function useCreateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => qc.invalidateQueries({ queryKey: waTemplatesQueryKey }),
  });
}
