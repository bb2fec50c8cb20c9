import type { TFunction } from 'i18next';

/** Validation messages come from the shared zod schemas in English; the English text is their catalogue key. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(message, { ns: 'validation', defaultValue: message, keySeparator: false, nsSeparator: false });
}
