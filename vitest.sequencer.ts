// The order test files start in: vitest's own (failed first, then the longest), with the browser specs spread evenly
// among the unit files rather than all before them. A browser spec spends much of its time waiting on the console,
// a unit file mostly computes: run side by side, the two cores stay busy.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = sorted.filter((spec) => spec.project.name === 'e2e');
    const rest = sorted.filter((spec) => spec.project.name !== 'e2e');
    if (e2e.length === 0 || rest.length === 0) return sorted;
    const out: TestSpecification[] = [];
    let taken = 0;
    rest.forEach((spec, i) => {
      // Before the i-th unit file, the browser specs whose even share of the sequence has come.
      while (taken < e2e.length && taken <= (i * e2e.length) / rest.length) out.push(e2e[taken++] as TestSpecification);
      out.push(spec);
    });
    return [...out, ...e2e.slice(taken)];
  }
}
