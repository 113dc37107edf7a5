import * as core from '@actions/core';

export async function run(): Promise<void> {
  core.setFailed('ci-run-action: the action is not implemented yet.');
}
