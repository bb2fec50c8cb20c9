// The sales request: not stored; composed into an e-mail to the sales team.
import { z } from 'zod';
import { PLAN_IDS } from './constants.ts';
import { text } from './text.ts';

const required = (field: string, message: string, max = 200) =>
  text(field, { error: message }).min(1, message).max(max, `Please keep this under ${max} characters`);

export const salesRequestSchema = z.object({
  companyName: required('Company name', 'Please enter your company name'),
  contactPerson: required('Contact person', 'Please enter the contact person'),
  email: required('E-mail address', 'Please enter your e-mail address', 254).pipe(z.email('Please enter a valid e-mail address')),
  phone: required('Phone number', 'Please enter your phone number', 40),
  plan: z.enum(PLAN_IDS, { error: 'Please choose a plan' }),
  message: text('Message', { multiline: true }).max(2000, 'Please keep this under 2000 characters').optional(),
});

export type SalesRequest = z.output<typeof salesRequestSchema>;
