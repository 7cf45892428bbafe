/**
 * The template name availability check (templates-dashboard-reports.md §2.3, §5.1, §9: 500 ms
 * after typing stops; the spec's message when taken), for the New Whatsapp Template modal and the
 * editor. Pass the name as the field holds it (already sanitised with sanitizeTemplateName).
 *
 * `state`: 'idle' (no name or no application), 'waiting' (typing; the check has not started),
 * 'checking', 'available', 'taken', 'error' (the call failed: `error` holds it). `checkNow()`
 * checks the current name at once (or reuses a fresh answer) and resolves to whether it is free,
 * for a Continue or Save pressed before the 500 ms passed; it rejects with the call's error.
 *
 * Usage:
 *   const check = useTemplateNameCheck({ name, applicationId, excludeId: template?._id });
 *   error={check.state === 'taken' ? WA_TEMPLATE_MESSAGES.nameTaken : undefined}
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { templateNameCheckQueryOptions, type TemplateNameCheckInput } from '../api/check-template-name.ts';

/** Delay between the last keystroke and the check (§5.1, §9). */
export const NAME_CHECK_DEBOUNCE_MS = 500;

export type NameCheckState = 'idle' | 'waiting' | 'checking' | 'available' | 'taken' | 'error';

export interface UseTemplateNameCheckOptions {
  name: string;
  applicationId: string | null | undefined;
  /** The template being edited (its own name is not 'taken'). */
  excludeId?: string;
  /** False turns the check off (e.g. the name field is locked in edit mode). */
  enabled?: boolean;
}

const inputOf = (name: string, applicationId: string, excludeId: string | undefined): TemplateNameCheckInput => ({
  name,
  application_id: applicationId,
  ...(excludeId ? { exclude_id: excludeId } : {}),
});

/** See the module comment. */
export function useTemplateNameCheck({ name, applicationId, excludeId, enabled = true }: UseTemplateNameCheckOptions) {
  const qc = useQueryClient();
  const [debounced] = useDebouncedValue(name, NAME_CHECK_DEBOUNCE_MS);
  const active = enabled && Boolean(applicationId) && debounced !== '';
  const query = useQuery({ ...templateNameCheckQueryOptions(inputOf(debounced, applicationId ?? '', excludeId)), enabled: active });

  let state: NameCheckState;
  if (!enabled || !applicationId || name === '') state = 'idle';
  else if (debounced !== name) state = 'waiting';
  else if (query.isError) state = 'error';
  else if (!query.data) state = 'checking';
  else state = query.data.available ? 'available' : 'taken';

  const checkNow = async (): Promise<boolean> => {
    if (!applicationId || name === '') return false;
    const result = await qc.fetchQuery(templateNameCheckQueryOptions(inputOf(name, applicationId, excludeId)));
    return result.available;
  };

  return { state, error: query.error, checkNow };
}
