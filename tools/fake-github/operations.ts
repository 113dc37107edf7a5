// The operations the fake serves: GitHub's operationId, a short name (the @actions/github method's), and the
// fine-grained permission GitHub names in `x-accepted-github-permissions` when a token lacks it.

export interface OperationInfo {
  operationId: string;
  short: string;
  permission: string;
}

const OPERATIONS: readonly OperationInfo[] = [
  { operationId: 'repos/create-commit-status', short: 'createCommitStatus', permission: 'statuses=write' },
  {
    operationId: 'repos/list-commit-statuses-for-ref',
    short: 'listCommitStatusesForRef',
    permission: 'statuses=read',
  },
  {
    operationId: 'repos/get-combined-status-for-ref',
    short: 'getCombinedStatusForRef',
    permission: 'statuses=read',
  },
  { operationId: 'checks/create', short: 'createCheckRun', permission: 'checks=write' },
  { operationId: 'checks/update', short: 'updateCheckRun', permission: 'checks=write' },
  { operationId: 'checks/get', short: 'getCheckRun', permission: 'checks=read' },
  { operationId: 'checks/list-for-ref', short: 'listCheckRunsForRef', permission: 'checks=read' },
  { operationId: 'checks/list-annotations', short: 'listCheckRunAnnotations', permission: 'checks=read' },
  { operationId: 'repos/create-deployment', short: 'createDeployment', permission: 'deployments=write' },
  { operationId: 'repos/list-deployments', short: 'listDeployments', permission: 'deployments=read' },
  {
    operationId: 'repos/create-deployment-status',
    short: 'createDeploymentStatus',
    permission: 'deployments=write',
  },
  {
    operationId: 'repos/list-deployment-statuses',
    short: 'listDeploymentStatuses',
    permission: 'deployments=read',
  },
];

export const OPERATION_IDS: readonly string[] = OPERATIONS.map((operation) => operation.operationId);

/** An operationId or a short name to its operationId; '*' stays '*' (every operation). */
export function resolveOperation(name: string): string {
  if (name === '*') return name;
  const found = OPERATIONS.find((operation) => operation.operationId === name || operation.short === name);
  if (!found) {
    const known = OPERATIONS.map((operation) => operation.short).join(', ');
    throw new RangeError(`unknown operation "${name}"; use an operationId or one of: ${known}`);
  }
  return found.operationId;
}

export function operationInfo(operationId: string): OperationInfo | undefined {
  return OPERATIONS.find((operation) => operation.operationId === operationId);
}
