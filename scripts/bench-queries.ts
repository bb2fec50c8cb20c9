// The mix of searches `npm run bench` measures, kept apart so the search's tests can ask the same questions
// (server/services/candidate-search/bench-queries.api.test.ts compares their answers with those kept in a fixture).

/** The mix: filters only, text only, text with filters, each sort; the second pages are added at run time. */
export const QUERIES = [
  '',
  'industries=Construction',
  'industries=Hospitality,Retail&locations=Dubai, UAE',
  'languages=Tagalog&hasVideo=true',
  'minYears=5&maxYears=15&sort=experience',
  'locations=Riyadh, Saudi Arabia,Jeddah, Saudi Arabia&sort=experience',
  'q=driver',
  'q=nurse',
  'q=welder',
  'q=cleaner&locations=Sharjah, UAE',
  'q=security guard&industries=Security&sort=newest',
  'q=electrician&minYears=3&sort=experience',
  'q=english cashier&languages=Tagalog',
  // The hiring facts: a visa that can be moved and a start within a month; a driver by licence, nationality and pay.
  'visaStatuses=transferable&availableWithin=30',
  'q=driver&licences=heavy&nationalities=IN,PK&maxSalary=3000&salaryCurrency=AED',
].map((q) => new URLSearchParams(q).toString());

/** The queries whose second page is in the mix too (its cursor comes from a real first page). */
export const SECOND_PAGES_OF = ['', 'q=driver', 'minYears=5&maxYears=15&sort=experience'].map((q) => new URLSearchParams(q).toString());
