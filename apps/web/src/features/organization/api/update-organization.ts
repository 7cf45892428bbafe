/** PUT /api/organization/:id with the four organization fields (console.md §7 Organization). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationInput } from '@pesan/contracts/organization';
import { api } from '../../../lib/api-client.ts';
import { myOrganizationQueryKey } from './get-my-organization.ts';

export function updateOrganization({ id, ...body }: OrganizationInput & { id: string }): Promise<unknown> {
  return api(`/api/organization/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: myOrganizationQueryKey }) });
}
