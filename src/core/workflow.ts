// `wait-for: workflow`: after our run, also wait for the runs its workflow starts (e.g. a chained
// deploy). Done when nothing runs and either every item finished or a finished item failed, since
// the items behind a failed one never start.
import type { CiApi } from './api-port.ts';
import { describeFailure } from '../api/errors.ts';
import { paginate } from './paginate.ts';
import type { Result, Workflow, WorkflowItem } from '../api/types.ts';
import { isFinished } from '../api/types.ts';
import { isCutOff } from './deadline.ts';
import type { PollPolicy } from './polling.ts';
import type { FlowPorts } from './ports.ts';
import { sanitizeLine } from '../text/safety.ts';

export type WorkflowEnd =
  | { reason: 'finished'; workflow: Workflow }
  | { reason: 'timeout' | 'cancelled'; workflow: Workflow | undefined };

const FIND_PAGES = 3;
/** Polls without finding the run's workflow before giving up: the server may not group runs at all. */
const FIND_ATTEMPTS = 10;

async function findWorkflowOfRun(
  client: CiApi,
  applicationId: string,
  runId: string,
  signal: AbortSignal,
): Promise<Workflow | undefined> {
  const workflows = paginate(
    (page) => client.listWorkflows({ applicationId, ...page }, { signal }),
    client.pageSize,
    { maxPages: FIND_PAGES },
  );
  for await (const workflow of workflows) {
    if (workflow.items.some((item) => item.runId === runId)) return workflow;
  }
  return undefined;
}

function workflowDone(workflow: Workflow): boolean {
  const items = workflow.items;
  if (items.some((item) => item.runId !== undefined && !isFinished(item))) return false;
  if (items.every(isFinished)) return true;
  return items.some((item) => isFinished(item) && item.result !== 'passed');
}

/** Worse results rank higher: failed before aborted before unknown before passed. */
const RESULT_RANK: Record<Result, number> = { passed: 0, unknown: 1, aborted: 2, failed: 3 };

/** The worst of some results; `unknown` when there are none. */
export function worstOfResults(results: readonly Result[]): Result {
  if (results.length === 0) return 'unknown';
  return results.reduce((worst, result) => (RESULT_RANK[result] > RESULT_RANK[worst] ? result : worst));
}

/**
 * The worst result among the items that ran, with the server's own word when it was not a known
 * one; items that never started do not count.
 */
export function worstItemResult(items: readonly WorkflowItem[]): Pick<WorkflowItem, 'result' | 'rawResult'> {
  let worst: Pick<WorkflowItem, 'result' | 'rawResult'> = { result: 'passed' };
  for (const item of items) {
    if (isFinished(item) && RESULT_RANK[item.result] > RESULT_RANK[worst.result]) worst = item;
  }
  return worst;
}

/**
 * The result the gate used: the run's own, or with the workflow the worst over every run waited for;
 * a run still going counts as `unknown`, and items that never started do not count.
 */
export function gateResult(own: Result, ownId: string | undefined, workflow: Workflow | undefined): Result {
  let worst = own;
  for (const item of workflow?.items ?? []) {
    if (item.runId === undefined || item.runId === ownId) continue;
    const result = isFinished(item) ? item.result : 'unknown';
    if (RESULT_RANK[result] > RESULT_RANK[worst]) worst = result;
  }
  return worst;
}

export interface WorkflowFollowOptions {
  applicationId: string;
  runId: string;
  policy: PollPolicy;
  deadline?: number;
  cancel: AbortSignal;
  onChange(workflow: Workflow): void;
}

export async function followWorkflow(deps: FlowPorts, options: WorkflowFollowOptions): Promise<WorkflowEnd> {
  const { client, clock, sleep, log } = deps;
  const { cancel, deadline } = options;
  let workflow: Workflow | undefined;
  let lastKey = '';
  let searches = 0;
  for (let first = true; ; first = false) {
    if (!first) {
      const delay = options.policy.nextDelay({ at: clock.now(), status: 'running' });
      const wait = deadline === undefined ? delay : Math.min(delay, deadline - clock.now());
      try {
        if (wait > 0) await sleep(wait, cancel);
      } catch {
        return { reason: 'cancelled', workflow };
      }
    }
    if (cancel.aborted) return { reason: 'cancelled', workflow };
    if (deadline !== undefined && clock.now() >= deadline) return { reason: 'timeout', workflow };
    try {
      workflow = workflow
        ? await client.getWorkflow(workflow.id, { signal: cancel })
        : await findWorkflowOfRun(client, options.applicationId, options.runId, cancel);
    } catch (error) {
      if (cancel.aborted) return { reason: 'cancelled', workflow };
      // Cut off by the flow's bounds: the loop above ends it at the deadline.
      if (isCutOff(error)) continue;
      const failure = describeFailure(error);
      if (!failure.retryable) throw error;
      log.warning(
        `Could not read the workflow (${sanitizeLine(failure.message, { maxLength: 500 })}); still waiting for it.`,
      );
      continue;
    }
    if (!workflow) {
      searches += 1;
      if (searches >= FIND_ATTEMPTS) {
        throw new Error(
          `No workflow of the application holds run ${options.runId}, so \`wait-for: workflow\` cannot follow ` +
            'it. Check `application`, or use `wait-for: run`.',
        );
      }
      continue;
    }
    const key = workflow.items
      .map((item) => `${item.id}:${item.status}:${item.result}:${item.runId ?? ''}`)
      .join(',');
    if (key !== lastKey) {
      lastKey = key;
      options.onChange(workflow);
    }
    if (workflowDone(workflow)) return { reason: 'finished', workflow };
  }
}
