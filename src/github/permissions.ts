// What to tell a user whose token may not write a report: which permission (each report's is named with its
// input, in settings.ts), and the block to add.
import { permissionOf, type ReportKind } from './settings.ts';

export function permissionHelp(kind: ReportKind, status: number, detail: string): string {
  const { scope, input } = permissionOf(kind);
  if (status === 401) {
    return (
      `GitHub did not accept \`github-token\` (HTTP 401: ${detail}); the ${kind} is not reported for this run. ` +
      'Fix: remove `github-token` to use the default `${{ github.token }}`, or pass a valid token.'
    );
  }
  return (
    `The ${kind} needs the \`${scope}: write\` permission, which \`github-token\` does not have ` +
    `(HTTP ${status}: ${detail}); it is not reported for this run. A pull request from a fork only ever ` +
    `gets a read-only token. Fix: add to the job (or the workflow)\n` +
    `permissions:\n  contents: read\n  ${scope}: write\n` +
    `or remove \`${input}\`.`
  );
}
