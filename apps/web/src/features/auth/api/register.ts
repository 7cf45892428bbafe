/**
 * POST /api/auth/register {fullName, email, phoneNumber, password, confirmPassword}
 * -> 201 {data: {email}, message} (console.md §7 Auth). Field errors come back in details.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export interface RegisterResult {
  data: { email: string };
  message?: string;
}

export function register(input: RegisterInput): Promise<RegisterResult> {
  return api<RegisterResult>('/api/auth/register', { method: 'POST', body: input });
}

export const useRegister = () => useMutation({ mutationFn: register });
