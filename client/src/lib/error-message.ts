import { describeError } from './describe-error';
import i18n from './i18n';

/** The message to show for a failed call, in the reader's language (see describe-error.ts). */
export function errorMessage(error: unknown, fallback: string): string {
  return describeError(i18n.t, error, fallback);
}
