// What to tell a user whose token may not write a report: which permission, and the block to add.

export type ReportKind = 'commit status' | 'check run' | 'deployment';

const PERMISSION: Record<ReportKind, { scope: string; input: string }> = {
  'commit status': { scope: 'statuses', input: 'commit-status' },
  'check run': { scope: 'checks', input: 'check-run' },
  deployment: { scope: 'deployments', input: 'deployment-environment' },
};

export function permissionHelp(kind: ReportKind, status: number, detail: string): string {
  const { scope, input } = PERMISSION[kind];
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
