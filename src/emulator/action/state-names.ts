// What the main entry saves for the post entry (GITHUB_STATE), read back as STATE_<name>.
export const STATE = {
  pid: 'pid',
  url: 'url',
  controlToken: 'control-token',
  log: 'log',
  /** Saved once the emulator answered: before that, main failed and said why. */
  ready: 'ready',
} as const;
