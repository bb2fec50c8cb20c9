// Schemas of the account calls, used by the server at its edge and by the forms through zodResolver.
import { z } from 'zod';
import type { CompanyRole } from './company-team.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants.ts';
import { LOCALES, type Locale } from './locales.ts';
import { text } from './text.ts';
import type { OwnProfile } from './profile.ts';
import type { CompanyView } from './company.ts';

const email = text('E-mail address', { error: 'Please enter your e-mail address' })
  .toLowerCase()
  .min(1, 'Please enter your e-mail address')
  .max(254, 'This e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

// Kept as typed (no trim). Sign-in takes the password as it is: it is only compared, and one set before this rule
// must still work.
const newPassword = text('Password', { trim: false, error: 'Please choose a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const optionalName = (field: string) =>
  text(field)
    .max(100, 'Names can be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined));

export const roleSchema = z.enum(ROLES, { error: 'Please choose Job Seeker or Company' });

export const localeSchema = z.enum(LOCALES, { error: 'Please choose one of the languages offered' });
export const setLocaleSchema = z.object({ locale: localeSchema });

/** POST /api/auth/consent: agreement to the privacy policy and terms of this version (the date they last changed). */
export const consentSchema = z.object({ version: z.iso.date({ error: 'Please reload the page and read the documents again' }) });

export const signupSchema = z.object({
  email,
  password: newPassword,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: roleSchema.optional(),
  /** The language the visitor reads the product in: e-mails go out in it. */
  locale: localeSchema.optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.input<typeof loginSchema>;

export const setRoleSchema = z.object({ role: roleSchema });

/** POST /api/auth/password: a new password for the signed-in account (the current one first, if it has one). */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Please enter your current password' }).max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`).optional(),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email });

const token = z.string({ error: 'This link is not valid' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid');

export const resetPasswordSchema = z.object({ token, password: newPassword });
/**
 * The confirmation link, opened. When the account's password was chosen before the address was proven and the link is
 * opened in another browser than the one that chose it, the link confirms together with that password
 * (`currentPassword`: the same person knows both) or with a new one (`password`: which replaces it everywhere).
 */
export const verifyEmailSchema = z.object({
  token,
  password: newPassword.optional(),
  currentPassword: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .optional(),
});

/** What POST /api/auth/verify-email answers. */
export type EmailConfirmationAnswer =
  | { verified: true; email: string | null }
  /** Nothing changed yet: the link confirms together with the password chosen at sign-up, or a new one. */
  | { verified: false; passwordRequired: true; email: string | null };

/** The signed-in user as GET /api/auth/user answers. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: (typeof ROLES)[number] | null;
  status: string;
  isAdmin: boolean;
  emailVerified: boolean;
  /** False for an account that only ever signed in through the OpenID provider: a new password needs no current one. */
  hasPassword: boolean;
  /** The account's language (e-mails, and the interface on any device once signed in). */
  locale: Locale;
  profile: OwnProfile | null;
  company: CompanyView | null;
  /** In that company: its owner, or a colleague invited as admin (sees the bills) or member. */
  companyRole: CompanyRole | null;
  /** The privacy policy and terms changed since the account agreed (or it never did): it is asked before going on. */
  consentNeeded: boolean;
}
