// Names of what the main entry saves for the post entry (GITHUB_STATE → STATE_<name>).
export const STATE = {
  kind: 'kind',
  id: 'id',
  url: 'url',
  /** 'true' once main saw a final state, confirmed an abort, or left the run running on purpose. */
  settled: 'settled',
} as const;
