// The validation messages the product's forms can show: every message the shared schemas of the forms give for a
// battery of bad inputs. The catalogue test checks each language's `validation` namespace has them all, so a new
// message cannot ship untranslated.
import type { z } from 'zod';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema, setLocaleSchema, setRoleSchema, signupSchema } from '#shared/auth.ts';
import { candidateSearchSchema, shortlistNoteSchema } from '#shared/candidates.ts';
import { careerApplicationSchema } from '#shared/career.ts';
import { companyDetailsSchema, companyOnboardingSchema, declarePaymentSchema, verifyPaymentSchema } from '#shared/company.ts';
import { profileFormSchema, rejectProfileSchema, updateProfileSchema } from '#shared/profile.ts';
import { salesRequestSchema } from '#shared/sales-request.ts';
import { inviteMemberSchema } from '#shared/company-team.ts';
import { companyLicenceSchema, companyReportSchema, employerSearchSchema, reportAnswerSchema } from '#shared/employers.ts';

/** The forms' schemas, by the audience that meets them: job seekers see the first group in their own language. */
export const JOB_SEEKER_FORMS: z.ZodType[] = [signupSchema, loginSchema, forgotPasswordSchema, resetPasswordSchema, setRoleSchema, setLocaleSchema, profileFormSchema, updateProfileSchema, companyReportSchema, employerSearchSchema];
export const OTHER_FORMS: z.ZodType[] = [inviteMemberSchema, careerApplicationSchema, companyOnboardingSchema, companyDetailsSchema, changePasswordSchema, verifyPaymentSchema, declarePaymentSchema, rejectProfileSchema, salesRequestSchema, shortlistNoteSchema, candidateSearchSchema, companyLicenceSchema, reportAnswerSchema];

const BAD_VALUES: unknown[] = [undefined, null, '', ' ', 'x', 'x'.repeat(6000), '\u0000', 'a\u0000b', 'not an address', 'ftp://x', '12', -1, 2.5, 51, 1000, 0, true, [], ['Nope'], {}, 'Nope'];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let i = 0; i < 5 && current; i++) {
    const def = (current as { _zod?: { def?: { shape?: Record<string, z.ZodType>; in?: unknown; schema?: unknown; innerType?: unknown } } })._zod?.def;
    if (def?.shape) return def.shape;
    current = def?.in ?? def?.schema ?? def?.innerType;
  }
  return undefined;
}

/**
 * Messages a form never shows: zod's own (a wrong type, which a form cannot send) and those about API parameters,
 * named as the API names them (`limit must be a number`).
 */
const NOT_FOR_FORMS = /^(Invalid input|Too big|Too small|[a-z])/;

/** Every message the schemas give for the battery: each field alone with each bad value, and the empty form. */
export function validationMessages(schemas: z.ZodType[]): Set<string> {
  const messages = new Set<string>();
  const collect = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) if (!NOT_FOR_FORMS.test(issue.message)) messages.add(issue.message);
  };
  for (const schema of schemas) {
    collect(schema, {});
    for (const field of Object.keys(shapeOf(schema) ?? {})) {
      for (const value of BAD_VALUES) collect(schema, { [field]: value });
    }
    // Ranges compared across fields.
    collect(schema, { minYears: '9', maxYears: '2' });
    collect(schema, { salaryMin: 5000, salaryMax: 1000, salaryCurrency: 'AED' });
    collect(schema, { yearsOfExperience: 60 });
  }
  return messages;
}
