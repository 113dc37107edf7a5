// Inputs and saved state as the runner passes them, in environment variables, read the way
// @actions/core's getInput and getState read them; read directly so that checking the inputs and
// sending the first request need not wait for @actions/core to load (lazy-core.ts).

/** `env-vars` keeps its whitespace: a value's leading or trailing spaces are part of it. */
export const readInput = (name: string): string => {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
  return name === 'env-vars' ? value : value.trim();
};

/** What the main entry saved with saveState, as the post entry sees it. */
export const readState = (name: string): string => process.env[`STATE_${name}`] || '';
