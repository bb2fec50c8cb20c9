// What a person reads when a call failed: the text of the error's code in their language (the `errors` catalogue),
// invalid input's own message through the `validation` catalogue, else the server's English message, else the
// caller's fallback. Pure, so it is tested with any i18next instance; error-message.ts binds it to the app's.
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateValidation } from './validation-message';

export function describeError(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'common.invalid_input' && error.serverMessage) return translateValidation(t, error.serverMessage) ?? fallback;
  if (error.code) return t(error.code, { ns: 'errors', ...error.params, defaultValue: error.serverMessage ?? fallback });
  return error.serverMessage ?? fallback;
}
