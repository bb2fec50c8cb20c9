import { apiRequest } from '@/lib/api-client';

/** Step 1 of the CV upload: a signed URL to PUT the file to. */
export async function requestCvUpload(): Promise<string> {
  const { uploadURL } = (await (await apiRequest('POST', '/api/objects/upload')).json()) as { uploadURL: string };
  return uploadURL;
}
