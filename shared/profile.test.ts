import { describe, expect, it } from 'vitest';
import { insertProfileSchema, normalizeGccPhone, PHONE_NOT_GCC } from './profile.ts';

const valid = {
  fullName: 'Amina Yusuf',
  phone: '+971 50 123 4567',
  location: 'Dubai, UAE',
  industries: ['Hospitality'],
  languages: ['English', 'Arabic'],
};

describe('normalizeGccPhone', () => {
  it.each([
    ['+971 50 123 4567', '+971501234567'],
    ['00971501234567', '+971501234567'],
    ['050 123 4567', '+971501234567'],
    ['+966 55 123 4567', '+966551234567'],
    ['+974 3312 3456', '+97433123456'],
    ['+973 3612 3456', '+97336123456'],
    ['+965 5012 3456', '+96550123456'],
    ['+968 9212 3456', '+96892123456'],
  ])('reads %s as %s', (input, e164) => {
    expect(normalizeGccPhone(input)).toBe(e164);
  });

  it('refuses numbers outside the GCC and nonsense', () => {
    expect(normalizeGccPhone('+91 98765 43210')).toBeUndefined();
    expect(normalizeGccPhone('12345678901')).toBeUndefined();
  });
});

describe('insertProfileSchema', () => {
  it('accepts a complete profile and stores the phone in E.164', () => {
    expect(insertProfileSchema.parse({ ...valid, yearsOfExperience: 7 }).phone).toBe('+971501234567');
  });

  it.each([
    [{ fullName: 'A' }, 'Full name must be at least 2 characters'],
    [{ phone: '12345' }, 'Please enter a valid phone number'],
    [{ phone: '+91 98765 43210' }, PHONE_NOT_GCC],
    [{ location: '' }, 'Please select a location'],
    [{ location: 'Paris, France' }, 'Please select a location'],
    [{ industries: [] }, 'Please select at least one industry'],
    [{ languages: [] }, 'Please select at least one language'],
    [{ yearsOfExperience: 51 }, 'Years of experience must be between 0 and 50'],
    [{ yearsOfExperience: -1 }, 'Years of experience must be between 0 and 50'],
  ])('refuses %j', (change, message) => {
    const result = insertProfileSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});
