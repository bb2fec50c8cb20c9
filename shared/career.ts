// The careers application: checked by the form as the user types and by the server at its edge.
import { z } from 'zod';
import { text } from './text.ts';

export const CAREER_MESSAGES = {
  /** The toast title and text when name, e-mail or the resume is missing. */
  missingTitle: 'Missing Information',
  missing: 'Please fill in your name, email, and upload your resume.',
  invalidEmail: 'Please enter a valid e-mail address',
  emailTooLong: 'This e-mail address is too long',
  nameTooLong: 'Please keep your name under 100 characters',
  invalidPhone: 'Please enter a valid phone number',
  invalidLinkedinUrl: 'Please enter a web address starting with http:// or https://',
  linkedinUrlTooLong: 'This web address is too long',
  messageTooLong: 'Please keep your message under 5000 characters',
  notText: 'Please enter this as text',
  /** The resume path is not one the careers upload gave out, or its upload was not finished. */
  resumeNotFound: 'Your resume upload was not found. Please upload your resume again.',
  resumeAlreadyUsed: 'This resume was already sent with an application. Please upload your resume again.',
} as const;

export const CAREER_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 40,
  linkedinUrlMax: 300,
  messageMax: 5000,
} as const;

/** What POST /api/career/resume-acl answers as objectPath: the only resumeUrl an application accepts. */
export const RESUME_PATH = /^\/objects\/resume\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const required = (field: string, max: number, tooLong: string) =>
  text(field, { error: CAREER_MESSAGES.missing }).min(1, CAREER_MESSAGES.missing).max(max, tooLong);

const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
const PHONE = /^\+?[0-9][0-9 ().-]*$/;

/** Optional text fields: null, empty or blank counts as not given (undefined after parsing). */
const optional = (
  field: string,
  max: number,
  tooLong: string,
  { check, multiline }: { check?: { test: (value: string) => boolean; message: string }; multiline?: boolean } = {},
) =>
  text(field, { multiline, error: check?.message ?? CAREER_MESSAGES.notText })
    .max(max, tooLong)
    .refine((v) => v === '' || !check || check.test(v), check?.message)
    .nullish()
    .transform((v) => v || undefined);

export const careerApplicationSchema = z.object({
  // Name, e-mail and resume first, so a request missing one of them answers the form's message.
  name: required('Name', CAREER_LIMITS.nameMax, CAREER_MESSAGES.nameTooLong),
  email: required('E-mail address', CAREER_LIMITS.emailMax, CAREER_MESSAGES.emailTooLong).pipe(z.email(CAREER_MESSAGES.invalidEmail)),
  resumeUrl: required('Resume', 300, CAREER_MESSAGES.resumeNotFound).regex(RESUME_PATH, CAREER_MESSAGES.resumeNotFound),
  phone: optional('Phone number', CAREER_LIMITS.phoneMax, CAREER_MESSAGES.invalidPhone, {
    check: { test: (v) => PHONE.test(v), message: CAREER_MESSAGES.invalidPhone },
  }),
  linkedinUrl: optional('LinkedIn profile URL', CAREER_LIMITS.linkedinUrlMax, CAREER_MESSAGES.linkedinUrlTooLong, {
    check: { test: (v) => httpUrl.safeParse(v).success, message: CAREER_MESSAGES.invalidLinkedinUrl },
  }),
  message: optional('Message', CAREER_LIMITS.messageMax, CAREER_MESSAGES.messageTooLong, { multiline: true }),
});

export type CareerApplicationInput = z.input<typeof careerApplicationSchema>;
export type CareerApplicationValues = z.output<typeof careerApplicationSchema>;
