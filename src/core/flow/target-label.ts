// How each of several targets is named in the log, the summary and the GitHub reports: the pipeline's
// name when it is unique among the targets, else with its application (and owner); an id as it is.
import { sanitizeLine } from '../../text/safety.ts';
import type { Target } from '../settings/target.ts';

export function targetLabels(targets: readonly Target[]): string[] {
  const forms = targets.map((target): string[] => {
    switch (target.kind) {
      case 'pipeline':
        return [
          target.pipeline,
          `${target.application}/${target.pipeline}`,
          `${target.owner}/${target.application}/${target.pipeline}`,
        ];
      case 'pipeline-id':
        return [target.pipelineId];
      case 'run-id':
        return [target.runId];
      case 'application-id':
        return [target.applicationId];
      case 'application':
        return [`${target.owner}/${target.application}`];
    }
  });
  return forms.map((names) => {
    const unique = names.find((name) => forms.filter((other) => other.includes(name)).length === 1);
    return sanitizeLine(unique ?? names.at(-1)!, { maxLength: 100 });
  });
}

/** A GitHub report's name for one target: `{pipeline}` replaced, or ` (label)` appended. */
export function nameForTarget(name: string, label: string): string {
  return name.includes('{pipeline}') ? name.replaceAll('{pipeline}', label) : `${name} (${label})`;
}
