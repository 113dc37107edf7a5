// A line that belongs to no step's group, said when something outside the flow happens (the runner's
// cancel signal): while a group is open in the log (a running step's live log), the runner would fold
// the line inside it, under that step. It waits for the group to close instead, and comes right after its
// end; with no group open it is written at once. The flow closes a running step's group as soon as it
// stops (the `stopping` event), so the wait is short.
import type { Log } from '../core/ports.ts';

export interface TopLevelLines {
  /** Written at once when no group is open, else as soon as the open one has closed. */
  topLevel(line: string): void;
}

export function withTopLevelLines<L extends Log>(log: L): L & TopLevelLines {
  let open = false;
  const waiting: string[] = [];
  return {
    ...log,
    startGroup(title: string) {
      open = true;
      log.startGroup(title);
    },
    endGroup() {
      log.endGroup();
      open = false;
      for (const line of waiting.splice(0)) log.info(line);
    },
    topLevel(line: string) {
      if (open) waiting.push(line);
      else log.info(line);
    },
  };
}
