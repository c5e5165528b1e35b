// Prints "N passed, N failed" over Vitest JSON reports; a missing main report counts as one failure.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
const [mainReport, ...optionalReports] = process.argv.slice(2);
for (const file of [mainReport, ...optionalReports]) {
  if (!existsSync(file)) {
    if (file === mainReport) failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  if (report.success === false && !report.numFailedTests && !report.numRuntimeErrorTestSuites) failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
