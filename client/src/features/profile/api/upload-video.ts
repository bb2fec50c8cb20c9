import { startVideoUpload, type VideoUpload, type VideoUploadInput } from '@/lib/uploads';

/** A resumable upload of the introduction video; its title is the full name, or 'Profile Video'. */
export function uploadIntroductionVideo(input: Omit<VideoUploadInput, 'title' | 'description'> & { fullName: string }): VideoUpload {
  return startVideoUpload({
    ...input,
    title: input.fullName.trim() || 'Profile Video',
    description: 'Introduction video for a job-seeker profile',
  });
}
