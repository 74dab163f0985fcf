import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { needsTag, type ServiceVar } from './services';

/**
 * Closes every Vitest run with how many tests ran on each project (so a run on PostgreSQL that ran nothing is
 * seen at once), and refuses silent skips: when TEST_DATABASE_URL or TEST_REDIS_URL is set (CI), a skipped test
 * fails the run unless it is a suite skipped for want of a service whose variable is not set (describeNeeds).
 */
export default class RunReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const perProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    const refused: string[] = [];
    const strict = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL);
    const unset = (['TEST_DATABASE_URL', 'TEST_REDIS_URL'] as ServiceVar[]).filter((v) => !process.env[v]);
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const counts = perProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      perProject.set(name, counts);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else {
          counts.skipped += 1;
          const allowed = unset.some((v) => test.fullName.includes(needsTag(v)));
          if (strict && !allowed)
            refused.push(`${name} ${path.relative(process.cwd(), module.moduleId)}: ${test.fullName}`);
        }
      }
    }
    const line = [...perProject]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, c]) =>
          `${name} ${c.passed} passed${c.failed ? `, ${c.failed} failed` : ''}${c.skipped ? `, ${c.skipped} skipped` : ''}`,
      )
      .join(' | ');
    console.log(`\n tests per project: ${line || 'none ran'}`);
    if (refused.length > 0) {
      console.error(
        `\n ${refused.length} test(s) skipped while TEST_DATABASE_URL or TEST_REDIS_URL is set; a test may skip only for a service that is not configured (server/test/services.ts describeNeeds):`,
      );
      for (const r of refused.slice(0, 20)) console.error(`   ${r}`);
      process.exitCode = 1;
    }
  }
}
