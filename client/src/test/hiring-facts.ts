// A profile's hiring facts when none is given (profiles made before they existed, or left out), for the fixtures.
import type { HiringFacts } from '#shared/hiring-facts.ts';

export const NO_HIRING_FACTS: HiringFacts = {
  nationality: null,
  currentCountry: null,
  visaStatus: null,
  availableFrom: null,
  drivingLicences: null,
  licenceCountry: null,
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
};
