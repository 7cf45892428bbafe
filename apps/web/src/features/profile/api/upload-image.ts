/**
 * POST /api/upload, multipart with field 'image' -> {data: {url}} (console.md §7 User). The server
 * accepts JPEG, PNG or WebP up to 2 MB by content (UPLOAD_LIMITS); 413/415 carry its message.
 */
import { useMutation } from '@tanstack/react-query';
import { UPLOAD_LIMITS } from '@pesan/contracts/upload';
import { api } from '../../../lib/api-client.ts';

export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_LIMITS.field, file, file.name);
  const res = await api<{ data: { url: string } }>('/api/upload', { method: 'POST', body });
  return res.data.url;
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
