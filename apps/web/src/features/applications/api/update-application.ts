/**
 * PUT /api/application/{id} {applicationName, channels?, requireSignature?} (console.md §2 Edit
 * application; ARCHITECTURE.md §6 signed requests). Only the name and 'Require signed requests'
 * are edited on the console; channels are left as they are when omitted, and so is
 * requireSignature.
 *
 * Optimistic (issue 28 part 3): a valid name (the console checks applicationNameSchema, the same
 * rule the server applies) and the switch cannot be refused, so the cached lists and detail show
 * the new values at once; a failure puts the previous values back (and, with `toastOnError`,
 * toasts the server's message), and the application queries are refetched once the last pending
 * update settles.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Application, Paged } from '@pesan/contracts/application';
import { api } from '../../../lib/api-client.ts';
import { toastApiError } from '../../../components/toasts.ts';
import { applicationsQueryKey } from './list-applications.ts';

export interface UpdateApplicationInput {
  id: string;
  applicationName: string;
  /** Whether /v1 requests of the application must be signed; unchanged when omitted. */
  requireSignature?: boolean;
}

/** The mutation key of every application update (to tell whether another one is still pending). */
export const updateApplicationMutationKey = [...applicationsQueryKey, 'update'] as const;

const listKey = [...applicationsQueryKey, 'list'] as const;
const detailKey = (id: string) => [...applicationsQueryKey, 'detail', id] as const;

/** The edited fields of an application, as cached before an update (what a failure restores). */
type EditedFields = Pick<Application, 'application_name' | 'require_signature'>;

/** Context handed from onMutate to onError: the fields as they were, when the application was cached. */
export interface UpdateApplicationContext {
  previous: EditedFields | null;
}

/** Sends the update; resolves to the server's answer. */
export function updateApplication({ id, applicationName, requireSignature }: UpdateApplicationInput): Promise<{ data?: Application }> {
  const body = requireSignature === undefined ? { applicationName } : { applicationName, requireSignature };
  return api<{ data?: Application }>(`/api/application/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Writes `fields` onto application `id` in every cached list page and in its cached detail. */
function patchCachedApplication(qc: QueryClient, id: string, fields: Partial<EditedFields>): void {
  const patch = (a: Application): Application => (a.id === id ? { ...a, ...fields } : a);
  qc.setQueriesData<Paged<Application>>({ queryKey: listKey }, (page) => (page && page.data.some((a) => a.id === id) ? { ...page, data: page.data.map(patch) } : page));
  qc.setQueryData<Application>(detailKey(id), (a) => (a ? patch(a) : a));
}

/** The cached application `id` (its detail, else its row on a cached list page), or undefined. */
function cachedApplication(qc: QueryClient, id: string): Application | undefined {
  const detail = qc.getQueryData<Application>(detailKey(id));
  if (detail) return detail;
  for (const [, page] of qc.getQueriesData<Paged<Application>>({ queryKey: listKey })) {
    const row = page?.data.find((a) => a.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * Mutation of updateApplication with an optimistic cache update (see the file comment).
 * `toastOnError`: toast a failure from the mutation itself, for callers that do not wait for the
 * answer (the edit page goes back to the list at once); callers that await `mutateAsync` and toast
 * themselves leave it off.
 */
export function useUpdateApplication({ toastOnError = false }: { toastOnError?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation<{ data?: Application }, Error, UpdateApplicationInput, UpdateApplicationContext>({
    mutationKey: updateApplicationMutationKey,
    mutationFn: updateApplication,
    onMutate: async (input) => {
      // A fetch in flight would overwrite the optimistic values with the old ones: cancel it first.
      // The cancellation (and its revert) happens as cancelQueries is called, so the cache is patched
      // right away and only the settling of the cancelled fetches is awaited (the edit page moves
      // on to the list without waiting).
      const cancelled = Promise.all([qc.cancelQueries({ queryKey: listKey }), qc.cancelQueries({ queryKey: detailKey(input.id) })]);
      const before = cachedApplication(qc, input.id);
      patchCachedApplication(qc, input.id, {
        application_name: input.applicationName,
        ...(input.requireSignature === undefined ? {} : { require_signature: input.requireSignature }),
      });
      await cancelled;
      return { previous: before ? { application_name: before.application_name, require_signature: before.require_signature } : null };
    },
    onError: (err, input, context) => {
      if (context?.previous) patchCachedApplication(qc, input.id, context.previous);
      if (toastOnError) toastApiError(err);
    },
    // Refetch once the last pending update settled, so an earlier answer never replaces a later
    // optimistic value; not awaited, so the caller hears the answer without waiting for the refetch.
    onSettled: () => {
      if (qc.isMutating({ mutationKey: updateApplicationMutationKey }) === 1) void qc.invalidateQueries({ queryKey: applicationsQueryKey });
    },
  });
}
