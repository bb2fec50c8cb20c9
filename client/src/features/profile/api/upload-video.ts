import { uploadVideoFile, type VideoUploadInput } from '@/lib/uploads';

/** POST /api/video/upload (SPEC 7); the title is the full name, or 'Profile Video'. */
export function uploadIntroductionVideo(input: Omit<VideoUploadInput, 'title' | 'description'> & { fullName: string }): Promise<string> {
  return uploadVideoFile({
    ...input,
    title: input.fullName.trim() || 'Profile Video',
    description: 'Introduction video for a job-seeker profile',
  });
}
