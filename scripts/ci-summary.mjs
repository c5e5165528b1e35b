// Prints "N passed, N failed" over Vitest JSON reports; a missing main report counts as one failure, and so
// does a run that exited non-zero while its report counts no failed test (`--failed-runs N`), such as
// Vitest's unhandled errors, which its JSON report does not count.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
const args = process.argv.slice(2);
const failedRunsFlag = args.indexOf("--failed-runs");
const failedRuns = failedRunsFlag >= 0 ? Number(args.splice(failedRunsFlag, 2)[1]) || 0 : 0;
const [mainReport, ...optionalReports] = args;
let failedInReports = 0;
for (const file of [mainReport, ...optionalReports]) {
  if (!existsSync(file)) {
    if (file === mainReport) failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  const reported = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  failed += reported;
  failedInReports += reported;
  if (report.success === false && !reported) failed += 1;
}
// Each failing run counts once, unless the reports already count its failures.
if (failedInReports === 0) failed = Math.max(failed, failedRuns);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
