// The sales request: stored for the team and e-mailed to the sales address (POST /api/sales-requests).
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

/** A request as the admin console lists it. */
export interface AdminSalesRequest {
  id: string;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  plan: string;
  message: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: { id: string; email: string | null } | null;
}

/** GET /api/admin/sales-requests?handled=false|true&cursor=&limit= (newest first). */
export const salesRequestListQuery = z.object({
  handled: z.enum(['true', 'false'], { error: 'handled must be true or false' }).transform((v) => v === 'true').optional(),
  cursor: z.string().max(500, 'The page cursor is not valid').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(25),
});
