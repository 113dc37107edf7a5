// The GitHub reports' open entry, kept opaque by the core: what main saves as reports open and end, and the
// check post makes before it sends anything to the ids and the page the entry names.
import { describe, expect, it } from 'vitest';
import { OpenReportsEntry, readOpenReports } from '../../src/github/open-reports.ts';

function entry() {
  const saved: unknown[] = [];
  return { saved, entry: new OpenReportsEntry({ keep: (open) => void saved.push(open) }) };
}

describe('the open-report entry', () => {
  it('lists each report under its key with the newest page, and nothing once none is open', () => {
    const { saved, entry: open } = entry();
    const status = open.part('status');
    const check = open.part('checkRunId');
    status.mark(true, 'https://ci.test/runs/1');
    check.mark(41, 'https://ci.test/runs/2');
    expect(saved.at(-1)).toEqual({ status: true, checkRunId: 41, targetUrl: 'https://ci.test/runs/2' });
    status.close();
    expect(saved.at(-1)).toEqual({ checkRunId: 41, targetUrl: 'https://ci.test/runs/2' });
    check.close();
    expect(saved.at(-1)).toBeUndefined();
  });

  it('never lists a report again once it was closed (finished, stopped, or left open on purpose)', () => {
    const { saved, entry: open } = entry();
    const deployment = open.part('deploymentId');
    deployment.close();
    deployment.mark(7, 'https://ci.test/runs/1');
    expect(saved).toEqual([]);
  });

  it('reads back what main saved', () => {
    const saved = { status: true, checkRunId: 41, deploymentId: 9, targetUrl: 'https://ci.test/runs/2' };
    expect(readOpenReports(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(readOpenReports({ checkRunId: 41 })).toEqual({ checkRunId: 41 });
  });

  it.each([
    ['not an object', 'status'],
    ['a list', [41]],
    ['null', null],
    ['an id that is not a positive integer', { checkRunId: '41' }],
    ['a negative id', { deploymentId: -1 }],
    ['an id that is not whole', { checkRunId: 4.5 }],
    ['an id too large to be exact', { checkRunId: 2 ** 53 }],
    ['a report without an id that is not `true`', { status: false }],
    ['an id where `true` belongs', { status: 1 }],
    ['a page that is not http(s)', { status: true, targetUrl: 'javascript:alert(1)' }],
    ['a page that is not a URL', { status: true, targetUrl: '/runs/1' }],
    ['a key that is not a name', { '../checkRunId': 41 }],
  ])('is dropped when it holds %s', (_, saved) => {
    expect(readOpenReports(saved)).toBeUndefined();
  });
});
