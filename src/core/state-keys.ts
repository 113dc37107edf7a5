// Names of what the main entry saves for the post entry (GITHUB_STATE → STATE_<name>).
export const STATE = {
  kind: 'kind',
  id: 'id',
  url: 'url',
  /** 'true' once main saw a final state, confirmed an abort, or left the run running on purpose. */
  settled: 'settled',
  /** JSON list of the other runs a followed workflow started (wait-for: workflow). */
  workflowRuns: 'workflowRuns',
  /** JSON TriggerFingerprint while a run trigger is in flight; '' once its id is known. */
  pendingTrigger: 'pendingTrigger',
} as const;
