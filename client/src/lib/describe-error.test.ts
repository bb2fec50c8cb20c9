import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '#shared/errors.ts';
import { ApiError, apiErrorFrom } from './api-client';
import { describeError } from './describe-error';

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { errors: errorCatalogue() },
      ar: { errors: { auth: { email_taken: 'يوجد حساب بهذا البريد الإلكتروني. يرجى تسجيل الدخول.' } }, validation: { 'Please enter a valid e-mail address': 'يرجى إدخال بريد إلكتروني صحيح' } },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const answer = (status: number, body: object) => apiErrorFrom(status, JSON.stringify(body));

describe('describeError', () => {
  it("shows the code's text in the reader's language, else English, else the server's message, else the fallback", async () => {
    const ar = await translator('ar');
    const taken = answer(409, { code: 'auth.email_taken', message: 'An account with this e-mail already exists. Please sign in.' });
    expect(taken).toMatchObject({ code: 'auth.email_taken', status: 409 });
    expect(describeError(ar, taken, 'Failed')).toBe('يوجد حساب بهذا البريد الإلكتروني. يرجى تسجيل الدخول.');
    // No Arabic for this code: English from the table.
    expect(describeError(ar, answer(401, { code: 'auth.wrong_credentials', message: 'x' }), 'Failed')).toBe('Incorrect e-mail or password');
    // Parameters reach the text.
    const en = await translator('en');
    expect(describeError(en, answer(404, { code: 'common.no_api_route', message: 'x', params: { method: 'GET', path: '/api/x' } }), 'Failed')).toBe(
      'No API route for GET /api/x',
    );
    // Invalid input: the field's own message through the validation catalogue.
    expect(describeError(ar, answer(400, { code: 'common.invalid_input', message: 'Please enter a valid e-mail address', fields: { email: 'x' } }), 'Failed')).toBe(
      'يرجى إدخال بريد إلكتروني صحيح',
    );
    // A code the client does not know, an answer without a code, something that is not an API error.
    expect(describeError(ar, answer(400, { code: 'future.code', message: 'Server words' }), 'Failed')).toBe('Server words');
    expect(describeError(ar, new ApiError(503, 'Service Unavailable'), 'Failed')).toBe('Failed');
    expect(describeError(ar, new Error('boom'), 'Failed')).toBe('Failed');
  });
});
