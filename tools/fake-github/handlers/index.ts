// Each operation's handler, by operationId.
import type { OperationHandler } from '../types.ts';
import {
  createCheckRun,
  getCheckRun,
  listCheckRunAnnotations,
  listCheckRunsForRef,
  updateCheckRun,
} from './checks.ts';
import {
  createDeployment,
  createDeploymentStatus,
  listDeployments,
  listDeploymentStatuses,
} from './deployments.ts';
import { createCommitStatus, getCombinedStatusForRef, listCommitStatusesForRef } from './statuses.ts';

export const HANDLERS: Readonly<Record<string, OperationHandler>> = {
  'repos/create-commit-status': createCommitStatus,
  'repos/list-commit-statuses-for-ref': listCommitStatusesForRef,
  'repos/get-combined-status-for-ref': getCombinedStatusForRef,
  'checks/create': createCheckRun,
  'checks/update': updateCheckRun,
  'checks/get': getCheckRun,
  'checks/list-for-ref': listCheckRunsForRef,
  'checks/list-annotations': listCheckRunAnnotations,
  'repos/create-deployment': createDeployment,
  'repos/list-deployments': listDeployments,
  'repos/create-deployment-status': createDeploymentStatus,
  'repos/list-deployment-statuses': listDeploymentStatuses,
};
