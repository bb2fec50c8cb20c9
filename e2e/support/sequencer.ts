// The order test files start in: vitest's own (the longest first when it has timed them before, else the largest
// files), with the journeys that take a minute or more whatever happens put before everything else. Started in
// vitest's order on a fresh clone (no timings yet), the minute of filmed video began last and ran alone at the end,
// one of two cores idle for about half a minute (docs/architecture.md, Tests).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const MINUTE_LONG = ['e2e/first-profile.e2e.test.ts'];

export default class MinuteLongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const minuteLong = (spec: TestSpecification) => MINUTE_LONG.some((file) => spec.moduleId.endsWith(`/${file}`));
    return [...sorted.filter(minuteLong), ...sorted.filter((spec) => !minuteLong(spec))];
  }
}
