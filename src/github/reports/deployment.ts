// The deployment: a GitHub deployment of the commit to an environment, made for the remote run (its id is in
// the payload, so a lost create is found again instead of made twice), with statuses `in_progress` and then
// `success`, `failure` or `error`, each linking to the run's page. With `retries` it stays one deployment,
// made for the first attempt's run; its statuses follow the newest.
import type { TriggerInfo } from '../../core/flow/events.ts';
import type { OutcomeKind } from '../../core/outcome-kind.ts';
import { sanitizeLine } from '../../text/safety.ts';
import type { DeploymentStatus } from '../port.ts';
import { ENDING_STATE } from './ending-state.ts';
import { defineReport } from '../report-lifecycle.ts';
import { finalLine, statusDescription } from '../report-text.ts';

export const deployment = defineReport<number>({
  kind: 'deployment',
  openAs: 'deploymentId',
  output: 'deployment-id',
  payloads(environment, { api }) {
    let current: TriggerInfo | undefined;
    return {
      leftOpen: `The deployment to "${environment}" is left in progress for a later step to finish (wait: false).`,
      open: async (first, retry, signal) => {
        const { ref } = first;
        if (first.attached || retry) {
          const found = await api.findDeployment(environment, ref.id, signal);
          if (found !== undefined) return found;
        }
        const description = deploymentDescription(first);
        return api.createDeployment({ environment, description, runId: ref.id }, signal);
      },
      // Each attempt says it is running, linking to the newest run.
      attempt(info) {
        current = info;
        const description = statusDescription(`${deploymentDescription(info)} is running`);
        return (id, _retry, signal) =>
          api.createDeploymentStatus(
            id,
            { state: 'in_progress', description, log_url: current!.web.url },
            signal,
          );
      },
      ended: ({ outcome, final }, info) => {
        const line = finalLine(info.ref, outcome.kind, final.resource, final.steps, info);
        return [
          (id, _retry, signal) =>
            api.createDeploymentStatus(id, endingStatus(outcome.kind, line, current!.web.url), signal),
        ];
      },
    };
  },
  finish: ({ ending, targetUrl }, { api }) => {
    const status = endingStatus(ending.outcome, ending.line, targetUrl);
    return (id, _retry, signal) => api.createDeploymentStatus(id, status, signal);
  },
});

/** The status that ends the deployment, main's and post's alike. */
function endingStatus(outcome: OutcomeKind, line: string, logUrl: string | undefined): DeploymentStatus {
  return {
    state: ENDING_STATE[outcome],
    description: statusDescription(line),
    ...(logUrl ? { log_url: logUrl } : {}),
  };
}

/** `Pipeline deploy, run 5e1f0a…`: what the deployment is, as GitHub lists it. */
function deploymentDescription(info: TriggerInfo): string {
  const pipeline =
    info.pipelineName ?? ('pipeline' in info.resource ? info.resource.pipeline?.name : undefined);
  const noun = info.ref.kind === 'build' ? 'build' : 'run';
  const attempt = info.attempt > 1 ? ` (attempt ${info.attempt}/${info.maxAttempts})` : '';
  return `${pipeline ? `Pipeline ${sanitizeLine(pipeline, { maxLength: 60 })}, ` : ''}${noun} ${sanitizeLine(info.ref.id, { maxLength: 40 })}${attempt}`;
}
