// The deployment sink: a GitHub deployment of the commit to an environment, made for the remote run
// (its id is in the payload, so a lost create is found again instead of made twice), with statuses
// `in_progress` and then `success`, `failure` or `error`, each linking to the run's page. With
// `retries` it stays one deployment, made for the first attempt's run; its statuses follow the newest.
import type { FlowSink, TriggerInfo } from '../../core/flow/events.ts';
import { sanitizeLine } from '../../text/safety.ts';
import type { DeploymentState } from '../port.ts';
import { ReportWriter } from '../report-writer.ts';
import { deploymentState, finalLine, statusDescription } from '../report-text.ts';
import { finishDeadline, watchCancel, type ReportDeps } from './shared.ts';

export function createDeploymentSink(environment: string, deps: ReportDeps): FlowSink {
  const writer = new ReportWriter('deployment', deps, () => deps.open.close('deploymentId'));
  const cancelledAt = watchCancel(deps);
  let info: TriggerInfo | undefined;
  let id: number | undefined;

  const adopt = (found: number) => {
    id = found;
    deps.outputs.set('deployment-id', String(found));
    deps.open.mark({ deploymentId: found, targetUrl: info!.web.url });
  };
  // The first attempt's run is the deployment's for good, even if a retry comes during the create.
  const createOnce = (first: TriggerInfo) => async (retry: boolean, signal: AbortSignal) => {
    const { ref } = first;
    if (first.attached || retry) {
      const found = await deps.api.findDeployment(environment, ref.id, signal);
      if (found !== undefined) return adopt(found);
    }
    adopt(
      await deps.api.createDeployment(
        { environment, description: deploymentDescription(first), runId: ref.id },
        signal,
      ),
    );
  };
  const status = (state: DeploymentState, description: string) =>
    writer.enqueue('state', async (_retry, signal) => {
      if (id === undefined) return;
      await deps.api.createDeploymentStatus(
        id,
        { state, description: statusDescription(description), log_url: info!.web.url },
        signal,
      );
    });

  return {
    // Once per attempt: the first creates the deployment, each one says it is running.
    triggered(triggered) {
      const retry = info !== undefined;
      info = triggered;
      if (!retry) writer.enqueue('create', createOnce(triggered));
      else if (id !== undefined) deps.open.mark({ targetUrl: triggered.web.url });
      status('in_progress', `${deploymentDescription(triggered)} is running`);
    },
    async concluded({ outcome, final }) {
      if (!info) return;
      const deadline = () => finishDeadline(deps, cancelledAt());
      if (outcome.kind === 'triggered') {
        deps.log.info(
          `The deployment to "${environment}" is left in progress for a later step to finish (wait: false).`,
        );
        await writer.drain(deadline(), deps.cancel.hurry);
        if (id !== undefined) deps.open.close('deploymentId');
        return;
      }
      status(
        deploymentState(outcome.kind),
        finalLine(info.ref, outcome.kind, final.resource, final.steps, info),
      );
      if (await writer.drain(deadline(), deps.cancel.hurry)) deps.open.close('deploymentId');
    },
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
