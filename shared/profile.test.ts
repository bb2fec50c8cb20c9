import { describe, expect, it } from 'vitest';
import { LOCATIONS } from './constants.ts';
import { countryOfLocation, insertProfileSchema, normalizeGccPhone, PHONE_NOT_GCC, updateProfileSchema } from './profile.ts';

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
    ['04 123 4567', '+97141234567'],
    ['011 234 5678', '+966112345678'],
    ['+966 55 123 4567', '+966551234567'],
    ['+974 3312 3456', '+97433123456'],
    ['+973 3612 3456', '+97336123456'],
    ['+965 5012 3456', '+96550123456'],
    ['+968 9212 3456', '+96892123456'],
  ])('reads %s as %s', (input, e164) => {
    expect(normalizeGccPhone(input)).toBe(e164);
  });

  it("reads a number valid in two GCC countries as the home country's, and otherwise not at all", () => {
    // 050 123 4567 is a UAE and a Saudi mobile number; it was read as a UAE one whatever the person's country.
    expect(normalizeGccPhone('050 123 4567', 'AE')).toBe('+971501234567');
    expect(normalizeGccPhone('050 123 4567', 'SA')).toBe('+966501234567');
    expect(normalizeGccPhone('050 123 4567', 'QA')).toBeUndefined();
    expect(normalizeGccPhone('050 123 4567')).toBeUndefined();
    expect(normalizeGccPhone('3312 3456', 'QA')).toBe('+97433123456');
    expect(normalizeGccPhone('3312 3456', 'BH')).toBe('+97333123456');
    // A country code settles it, whatever the home country.
    expect(normalizeGccPhone('+966 50 123 4567', 'AE')).toBe('+966501234567');
  });

  it('finds the country of each location', () => {
    expect(LOCATIONS.map(countryOfLocation)).toEqual([...Array(7).fill('AE'), 'SA', 'SA', 'SA', 'QA', 'BH', 'KW', 'OM']);
    expect(countryOfLocation('Paris, France')).toBeUndefined();
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

  it("reads a number without its country code in the country of the profile's location", () => {
    expect(insertProfileSchema.parse({ ...valid, phone: '055 123 4567', location: 'Riyadh, Saudi Arabia' }).phone).toBe('+966551234567');
    expect(insertProfileSchema.parse({ ...valid, phone: '055 123 4567', location: 'Dubai, UAE' }).phone).toBe('+971551234567');
    const inDoha = insertProfileSchema.safeParse({ ...valid, phone: '055 123 4567', location: 'Doha, Qatar' });
    expect(inDoha.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['phone', PHONE_NOT_GCC]]);
    // An edit reads it the same way, and refuses it without the location to settle it.
    expect(updateProfileSchema.parse({ phone: '055 123 4567', location: 'Jeddah, Saudi Arabia' }).phone).toBe('+966551234567');
    expect(updateProfileSchema.safeParse({ phone: '055 123 4567' }).error?.issues[0]?.message).toBe(PHONE_NOT_GCC);
    expect(updateProfileSchema.parse({ bio: 'Still here' })).toEqual({ bio: 'Still here' });
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
