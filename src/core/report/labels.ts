// How the target is named in the log and the summary: the pipeline as resolved or as the run names
// it, the application as the inputs gave it.
import type { TriggerInfo } from '../flow/events.ts';
import type { Remote } from '../model.ts';
import type { Settings } from '../settings.ts';
import { sanitizeLine } from '../../text/safety.ts';

export function pipelineLabel(
  resource: Remote,
  settings: Settings,
  info: TriggerInfo | undefined,
): string | undefined {
  const fromRun =
    'pipeline' in resource ? (resource.pipeline?.name ?? resource.pipeline?.pipelineName) : undefined;
  const target = settings.target;
  const name =
    info?.pipelineName ??
    fromRun ??
    (target.kind === 'pipeline'
      ? target.pipeline
      : target.kind === 'pipeline-id'
        ? target.pipelineId
        : undefined);
  return name ? sanitizeLine(name, { maxLength: 120 }) : undefined;
}

export function applicationLabel(settings: Settings): string | undefined {
  const target = settings.target;
  if (target.kind === 'application') return `${target.owner}/${target.application}`;
  if (target.kind === 'application-id') return target.applicationId;
  return undefined;
}

/** Whether the flow is about a run or a build, before or after the trigger. */
export function kindOf(settings: Settings, info: TriggerInfo | undefined): 'run' | 'build' {
  return info?.ref.kind ?? (settings.target.kind === 'application' ? 'build' : 'run');
}
