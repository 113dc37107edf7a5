// The `test-reports` patterns against paths inside an archive.
import { describe, expect, it } from 'vitest';
import { compileGlob, globLines, globMatcher, globProblem } from '../../src/core/glob.ts';

function matches(pattern: string, paths: string[]): string[] {
  const test = compileGlob(pattern);
  return paths.filter(test);
}

const PATHS = [
  'junit.xml',
  'junit-unit.xml',
  'reports/junit.xml',
  'a/b/c/junit-e2e.xml',
  'target/surefire-reports/TEST-com.example.ATest.xml',
  'target/surefire-reports/TEST-com.example.ATest.txt',
  'build/test-results/test/TEST-Greeter.xml',
  '.hidden/junit.xml',
  'reports/.junit.xml',
  'Junit.xml',
  'reports/junitxml',
];

describe('globs over archive paths', () => {
  it('** matches any number of folders, none too', () => {
    expect(matches('**/junit*.xml', PATHS)).toEqual([
      'junit.xml',
      'junit-unit.xml',
      'reports/junit.xml',
      'a/b/c/junit-e2e.xml',
      '.hidden/junit.xml',
    ]);
    expect(matches('**/TEST-*.xml', PATHS)).toEqual([
      'target/surefire-reports/TEST-com.example.ATest.xml',
      'build/test-results/test/TEST-Greeter.xml',
    ]);
    expect(matches('target/**/*.xml', PATHS)).toEqual(['target/surefire-reports/TEST-com.example.ATest.xml']);
    expect(matches('**', PATHS)).toEqual(PATHS);
    expect(matches('a/**/junit-e2e.xml', PATHS)).toEqual(['a/b/c/junit-e2e.xml']);
    expect(matches('a/**/b/**/c/**/*.xml', PATHS)).toEqual(['a/b/c/junit-e2e.xml']);
  });

  it('* and ? stay within a segment; case counts; dot-files are included', () => {
    expect(matches('*.xml', PATHS)).toEqual(['junit.xml', 'junit-unit.xml', 'Junit.xml']);
    expect(matches('*/*.xml', PATHS)).toEqual([
      'reports/junit.xml',
      '.hidden/junit.xml',
      'reports/.junit.xml',
    ]);
    expect(matches('?unit.xml', PATHS)).toEqual(['junit.xml', 'Junit.xml']);
    expect(matches('reports/*', PATHS)).toEqual([
      'reports/junit.xml',
      'reports/.junit.xml',
      'reports/junitxml',
    ]);
    expect(matches('reports/junit.xml', PATHS)).toEqual(['reports/junit.xml']);
    expect(matches('./reports/junit.xml', PATHS)).toEqual(['reports/junit.xml']);
  });

  it('brackets and escapes', () => {
    expect(matches('[Jj]unit.xml', PATHS)).toEqual(['junit.xml', 'Junit.xml']);
    expect(matches('[!j]unit.xml', PATHS)).toEqual(['Junit.xml']);
    expect(matches('[a-k]unit*', PATHS)).toEqual(['junit.xml', 'junit-unit.xml']);
    expect(compileGlob('a\\*b')('a*b')).toBe(true);
    expect(compileGlob('a\\*b')('axb')).toBe(false);
    expect(compileGlob('[unclosed')('[unclosed')).toBe(true);
    expect(compileGlob('q?')('q🚀')).toBe(true);
  });

  it('one pattern a line; any of them matches', () => {
    const lines = globLines('  **/junit*.xml \r\n\n**/TEST-*.xml\n');
    expect(lines).toEqual(['**/junit*.xml', '**/TEST-*.xml']);
    expect(PATHS.filter(globMatcher(lines))).toHaveLength(7);
    expect(PATHS.filter(globMatcher([]))).toEqual([]);
  });

  it('names the patterns it cannot use', () => {
    expect(globProblem('**/junit*.xml')).toBeUndefined();
    expect(globProblem('!**/skip.xml')).toMatch(/cannot exclude/);
    expect(globProblem('/reports/*.xml')).toMatch(/is absolute/);
    expect(globProblem('../*.xml')).toMatch(/"\.\."/);
  });

  it('a long hostile path against many stars is decided by a bounded walk', () => {
    // A backtracking matcher would try about 250^6 ways here; this one goes back only to the last star.
    const test = compileGlob('*a*a*a*a*a*a*b');
    expect(test('a'.repeat(250))).toBe(false);
    expect(test(`${'a'.repeat(250)}b`)).toBe(true);
    const deep = Array.from({ length: 500 }, () => 'x').join('/');
    expect(compileGlob('**/**/x/**/**/y')(deep)).toBe(false);
  });
});
