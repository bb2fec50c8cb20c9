import { apiRequest } from '@/lib/api-client';

/** Step 3 of the CV upload: the app checks the file and answers the path used as cvUrl. */
export async function finalizeCvUpload(objectURL: string): Promise<string> {
  const { objectPath } = (await (await apiRequest('PUT', '/api/objects/acl', { objectURL })).json()) as { objectPath: string };
  return objectPath;
}
