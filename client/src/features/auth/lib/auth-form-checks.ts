// The sign-in and sign-up forms' checks: zod and the account schemas, in a file of their own so that the pages with
// these forms (the first a job seeker opens, on a phone) arrive without them. auth-form.tsx loads it when the person
// first reaches the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, signupSchema } from '#shared/auth.ts';

export const checkSignIn = zodResolver(loginSchema);
export const checkSignUp = zodResolver(signupSchema);
