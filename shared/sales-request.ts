// The sales request (SPEC 3): not stored; composed into an e-mail to the sales team.
import { z } from 'zod';
import { PLAN_IDS } from './constants.ts';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

export const salesRequestSchema = z.object({
  companyName: required('Please enter your company name'),
  contactPerson: required('Please enter the contact person'),
  email: required('Please enter your e-mail address', 254).pipe(z.email('Please enter a valid e-mail address')),
  phone: required('Please enter your phone number', 40),
  plan: z.enum(PLAN_IDS, { error: 'Please choose a plan' }),
  message: z.string().trim().max(2000, 'Please keep this under 2000 characters').optional(),
});

export type SalesRequest = z.output<typeof salesRequestSchema>;
