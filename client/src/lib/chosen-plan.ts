// The plan a company chose on the pricing section, carried through sign-up to onboarding: in the URL (?plan=quarterly)
// where it can be, and kept for the tab (sessionStorage) across the steps that cannot carry it (a confirmation link).
import { useSearch } from 'wouter';
import { PLAN_IDS, type PlanId } from '#shared/constants.ts';
import { useHydrated } from '@/hooks/use-hydrated';

const KEY = 'wazifa.plan';

const isPlan = (value: string | null | undefined): value is PlanId => PLAN_IDS.includes(value as PlanId);

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The plan named in a query string, remembered for the next steps. */
export function planFromSearch(search: string): PlanId | undefined {
  const plan = new URLSearchParams(search).get('plan');
  if (!isPlan(plan)) return undefined;
  session()?.setItem(KEY, plan);
  return plan;
}

/** The plan of this query string, else the one chosen earlier in the tab. */
export function chosenPlan(search = ''): PlanId | undefined {
  const stored = session()?.getItem(KEY);
  return planFromSearch(search) ?? (isPlan(stored) ? stored : undefined);
}

/** `?plan=…` (or `&plan=…` after other parameters) for links onward, '' when none was chosen. */
export const planQuery = (plan: PlanId | undefined, separator: '?' | '&' = '?') => (plan ? `${separator}plan=${plan}` : '');

/**
 * The chosen plan for a page's links and form, once the page is hydrated: the server renders its public pages with
 * none, knowing neither the tab's storage nor (for the pages it keeps) the query.
 */
export function useChosenPlan(): PlanId | undefined {
  const search = useSearch();
  return useHydrated() ? chosenPlan(search) : undefined;
}
