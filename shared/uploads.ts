// Schemas of the upload calls: finishing a document upload, and the text fields sent with a video.
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
