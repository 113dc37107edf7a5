// Where a failed test's annotation points on the pull request: its remote path made repository-relative
// (core/report-paths.ts), by `test-reports-root` or by which suffix exists in the workspace. The workspace is
// asked only when it is a git checkout, and only about files inside it: a link out of it is not followed.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { annotationPlace, type AnnotationPlace } from '../core/report-paths.ts';
import type { ArtifactSettings } from '../core/settings/artifacts.ts';
import type { TestCase } from '../core/test-results.ts';

export function testPlacer(
  settings: ArtifactSettings,
  workspace = process.env.GITHUB_WORKSPACE,
): (test: TestCase) => AnnotationPlace | undefined {
  const exists = workspace && existsSync(join(workspace, '.git')) ? existsIn(workspace) : undefined;
  return (test) =>
    annotationPlace(test, {
      ...(settings.testReportsRoot !== undefined ? { root: settings.testReportsRoot } : {}),
      ...(exists ? { exists } : {}),
    });
}

function existsIn(workspace: string): (relativePath: string) => boolean {
  const base = realpathSync(workspace);
  return (relativePath) => {
    try {
      const real = realpathSync(join(base, relativePath));
      return real.startsWith(base + sep) && statSync(real).isFile();
    } catch {
      return false;
    }
  };
}
