// Schemas of the upload calls: finishing a document upload, the text fields sent with a video, and the check of the
// uploads a profile being made kept in the browser.
import { z } from 'zod';
import { text } from './text.ts';

/** PUT /api/objects/acl and /api/career/resume-acl: the upload URL the file was sent to. */
export const uploadAclSchema = z.object({
  objectURL: text('objectURL', { error: 'objectURL is required' }).min(1, 'objectURL is required').max(2000, 'objectURL is too long'),
});

/** The form fields of POST /api/video/upload, which the video host shows with the video. */
export const videoUploadFieldsSchema = z.object({
  title: text('Title').max(200, 'Please keep the title under 200 characters').optional(),
  description: text('Description', { multiline: true }).max(1000, 'Please keep the description under 1000 characters').optional(),
});

/** GET /api/job-seeker/draft-uploads: the CV and video a profile being made in the browser kept from earlier. */
export const draftUploadsQuerySchema = z.object({
  cvUrl: text('cvUrl').max(300).optional(),
  videoUrl: text('videoUrl').max(300).optional(),
});

/** An upload of one's own that is still there, and how long it stays while no profile uses it. */
export interface DraftUpload {
  url: string;
  secondsLeft: number;
}

/** null for an upload that is gone, not one's own, refused, or past the day it is kept unused. */
export interface DraftUploads {
  cv: DraftUpload | null;
  video: DraftUpload | null;
}
