// Where a failed test's annotation points: always a path inside the repository, from the report's
// `file` or the failure text's first own stack frame, with `test-reports-root` stripped or the existing
// suffix found in the workspace.
import { describe, expect, it } from 'vitest';
import { annotationPlace, firstFrame, repositoryPath } from '../../src/core/report-paths.ts';

const WORKSPACE = new Set([
  'src/cart.test.ts',
  'src/cart.ts',
  'tests/test_math.py',
  'cart.test.ts',
  'test/api.spec.js',
]);
const exists = (path: string) => WORKSPACE.has(path);

describe('repository paths from remote paths', () => {
  it('strips test-reports-root', () => {
    const root = '/home/runner/work/shop/shop';
    expect(repositoryPath('/home/runner/work/shop/shop/src/cart.ts', { root })).toBe('src/cart.ts');
    expect(repositoryPath('/home/runner/work/shop/shop/src/cart.ts', { root: `${root}/` })).toBe(
      'src/cart.ts',
    );
    expect(repositoryPath('C:\\build\\shop\\src\\cart.ts', { root: 'C:\\build\\shop' })).toBe('src/cart.ts');
    expect(repositoryPath('/home/runner/work/shop/shop/../../etc/passwd', { root })).toBeUndefined();
    expect(repositoryPath('/elsewhere/src/cart.ts', { root })).toBeUndefined();
    expect(repositoryPath(root, { root })).toBeUndefined();
    expect(repositoryPath('src/cart.ts', { root })).toBe('src/cart.ts');
  });

  it('otherwise takes the longest suffix that exists in the workspace', () => {
    expect(repositoryPath('/build/x/shop/src/cart.test.ts', { exists })).toBe('src/cart.test.ts');
    expect(repositoryPath('/build/x/shop/cart.test.ts', { exists })).toBe('cart.test.ts');
    expect(repositoryPath('tests/test_math.py', { exists })).toBe('tests/test_math.py');
    expect(repositoryPath('/build/nothing/here.ts', { exists })).toBeUndefined();
    expect(repositoryPath('../../src/cart.ts', { exists })).toBe('src/cart.ts');
    expect(repositoryPath('/etc/passwd', { exists: () => true })).toBe('etc/passwd');
  });

  it('asks the workspace only about clean relative paths', () => {
    const asked: string[] = [];
    repositoryPath('C:\\a\\..\\b\\.\\c/./d\\\u0007e/f.ts', {
      exists: (path) => {
        asked.push(path);
        return false;
      },
    });
    expect(asked).toEqual(['f.ts']);
    for (const path of asked) {
      expect(path.startsWith('/')).toBe(false);
      expect(path.split('/')).not.toContain('..');
    }
  });

  it('without a checkout keeps only relative paths with no ..', () => {
    expect(repositoryPath('src/cart.ts')).toBe('src/cart.ts');
    expect(repositoryPath('./src/./cart.ts')).toBe('src/cart.ts');
    expect(repositoryPath('src/../../etc/passwd')).toBeUndefined();
    expect(repositoryPath('..')).toBeUndefined();
    expect(repositoryPath('/home/runner/work/shop/shop/src/cart.ts')).toBeUndefined();
    expect(repositoryPath('C:\\shop\\src\\cart.ts')).toBeUndefined();
    expect(repositoryPath('\\\\server\\share\\cart.ts')).toBeUndefined();
    expect(repositoryPath('C:cart.ts')).toBeUndefined();
    expect(repositoryPath('src/\u001b[31mcart.ts')).toBeUndefined();
    expect(repositoryPath('src/a\u202eb.ts')).toBeUndefined();
    expect(repositoryPath('')).toBeUndefined();
    expect(repositoryPath(`${'a/'.repeat(600)}b.ts`)).toBeUndefined();
  });
});

describe('the first stack frame of a failure text', () => {
  it('skips frames under node_modules, vendor and node itself', () => {
    const jest = `Error: expect(received).toBe(expected)
    at Object.toBe (/home/runner/work/shop/shop/node_modules/expect/build/index.js:10:5)
    at Object.<anonymous> (/home/runner/work/shop/shop/src/cart.test.ts:14:20)
    at node:internal/timers:478:21`;
    expect(firstFrame(jest)).toEqual({ path: '/home/runner/work/shop/shop/src/cart.test.ts', line: 14 });
    const go = `    vendor/github.com/stretchr/testify/assert/assertions.go:12: oops
    cart_test.go:21: total = 2, want 3`;
    expect(firstFrame(go)).toEqual({ path: 'cart_test.go', line: 21 });
    expect(firstFrame('    at process.processImmediate (node:internal/timers:478:21)')).toBeUndefined();
  });

  it('reads Python tracebacks, pytest lines and Java-less texts', () => {
    expect(
      firstFrame('Traceback (most recent call last):\n  File "/src/tests/test_math.py", line 8, in test_div'),
    ).toEqual({
      path: '/src/tests/test_math.py',
      line: 8,
    });
    expect(firstFrame('E  assert 2 == 3\n\ntests/test_math.py:8: AssertionError')).toEqual({
      path: 'tests/test_math.py',
      line: 8,
    });
    expect(firstFrame('expected 3, got 2')).toBeUndefined();
    expect(firstFrame('see http://example.com:8080/x')).toBeUndefined();
  });
});

describe('the annotation of a test', () => {
  it("takes the report's file, with the line of a frame in that file", () => {
    const text = '    at Object.<anonymous> (/home/runner/work/shop/shop/src/cart.test.ts:14:20)';
    expect(annotationPlace({ file: 'src/cart.test.ts', text }, { exists })).toEqual({
      path: 'src/cart.test.ts',
      line: 14,
    });
    expect(
      annotationPlace({ file: 'tests/test_math.py', line: 7, text: 'tests/test_math.py:8: AssertionError' }),
    ).toEqual({
      path: 'tests/test_math.py',
      line: 8,
    });
    expect(annotationPlace({ file: 'tests/test_math.py', line: 7, text: 'lib/other.py:3: boom' })).toEqual({
      path: 'tests/test_math.py',
      line: 7,
    });
  });

  it('falls back on the first frame, and on nothing when neither can be placed', () => {
    const text = '    at Context.<anonymous> (test/api.spec.js:12:24)';
    expect(annotationPlace({ text })).toEqual({ path: 'test/api.spec.js', line: 12 });
    expect(annotationPlace({ file: '/abs/remote/api.spec.js', text })).toEqual({
      path: 'test/api.spec.js',
      line: 12,
    });
    expect(annotationPlace({ file: '../../etc/passwd', line: 1 })).toBeUndefined();
    expect(annotationPlace({ file: '/etc/passwd', line: 1, text: '/etc/shadow:1: x' })).toBeUndefined();
    expect(annotationPlace({ text: 'at x (../../../etc/passwd.js:1:1)' })).toBeUndefined();
    expect(annotationPlace({ file: 'src/cart.ts', line: 0 })).toEqual({ path: 'src/cart.ts' });
  });
});
