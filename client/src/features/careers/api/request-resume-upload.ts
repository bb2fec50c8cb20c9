import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/career/resume-upload: a signed URL the browser PUTs one resume file to. */
export async function requestResumeUpload(): Promise<{ uploadURL: string }> {
  return (await apiRequest('POST', '/api/career/resume-upload')).json();
}

export function useRequestResumeUpload() {
  return useMutation({ mutationFn: requestResumeUpload });
}
