/**
 * POST /api/organization {business_name, business_phone, business_address, website_url}
 * -> {data: {id}} (console.md §7 Organization). The server also sets the user's organizationId.
 * Field errors come back in details with the body's field names.
 */
import { useMutation } from '@tanstack/react-query';
import type { OrganizationInput } from '@pesan/contracts/organization';
import { api } from '../../../lib/api-client.ts';

export async function createOrganization(input: OrganizationInput): Promise<{ id: string }> {
  const res = await api<{ data: { id: string } }>('/api/organization', { method: 'POST', body: input });
  return res.data;
}

export const useCreateOrganization = () => useMutation({ mutationFn: createOrganization });
