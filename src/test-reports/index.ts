// The test-report layer: JUnit XML reports read as they stream out of a step's archive. Loaded only by a
// dynamic import, when `test-reports` is set.
export { createReportReader, type ReportReader } from './reader.ts';
export { CaseBudget, type ReportLimits } from './limits.ts';
export { testReportsPort } from './port.ts';
