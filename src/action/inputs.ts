import * as core from '@actions/core';

/** `env-vars` keeps its whitespace: a value's leading or trailing spaces are part of it. */
export const readInput = (name: string): string =>
  core.getInput(name, { trimWhitespace: name !== 'env-vars' });
