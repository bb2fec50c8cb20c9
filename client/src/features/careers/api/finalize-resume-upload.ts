import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/career/resume-acl: the server checks the uploaded file and answers the path used as resumeUrl. */
export async function finalizeResumeUpload(objectURL: string): Promise<{ objectPath: string }> {
  return (await apiRequest('PUT', '/api/career/resume-acl', { objectURL })).json();
}

export function useFinalizeResumeUpload() {
  return useMutation({ mutationFn: finalizeResumeUpload });
}
