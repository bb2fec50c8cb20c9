import { apiRequest } from '@/lib/api-client';

/** Step 3: the app checks the document (a PDF or an image, by its bytes) and answers its path. */
export async function finalizeLicenceUpload(objectURL: string): Promise<string> {
  return ((await (await apiRequest('PUT', '/api/company/licence/acl', { objectURL })).json()) as { objectPath: string }).objectPath;
}
