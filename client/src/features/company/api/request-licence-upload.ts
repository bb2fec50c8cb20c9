import { apiRequest } from '@/lib/api-client';

/** Step 1 of the licence document's upload: a signed URL to PUT the file to. */
export async function requestLicenceUpload(): Promise<string> {
  return ((await (await apiRequest('POST', '/api/company/licence/upload')).json()) as { uploadURL: string }).uploadURL;
}
