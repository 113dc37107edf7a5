// The one sink table: its order rules hold in both columns, a rule broken is named, and a row added to it
// is heard once with one target and once per target with three, through both in-process kits.
import { describe, expect, it } from 'vitest';
import type { FlowSink } from '../../../src/core/flow/events.ts';
import {
  orderProblems,
  SINK_TABLE,
  withTargetRow,
  type SinkRow,
  type SinkTable,
  type TargetSinkContext,
} from '../../../src/core/flow/sink-table.ts';
import { runFlow } from './kit.ts';
import { runSeveral } from './several-kit.ts';

function row(table: SinkTable, name: string): SinkRow<TargetSinkContext> {
  return table.target.find((each) => each.name === name)!;
}

function without(rows: readonly SinkRow<TargetSinkContext>[], ...names: string[]) {
  return rows.filter((each) => !names.includes(each.name));
}

describe('the sink table', () => {
  it('keeps its order rules in both columns', () => {
    expect(orderProblems(SINK_TABLE)).toEqual([]);
  });

  it('names each rule a table breaks', () => {
    const logLast = { ...SINK_TABLE, target: [...without(SINK_TABLE.target, 'log'), row(SINK_TABLE, 'log')] };
    expect(orderProblems(logLast)).toEqual(
      expect.arrayContaining([
        'one: log comes after failed-logs',
        'several: target-errors is not right after log',
        'one: adapter is not last',
      ]),
    );
    const readerFirst = {
      ...SINK_TABLE,
      target: [
        row(SINK_TABLE, 'record'),
        row(SINK_TABLE, 'summary'),
        ...without(SINK_TABLE.target, 'record', 'summary'),
      ],
    };
    expect(orderProblems(readerFirst)).toContain('one: summary reads tails before it is made');
    const recordSecond = {
      ...SINK_TABLE,
      target: [row(SINK_TABLE, 'log'), ...without(SINK_TABLE.target, 'log')],
    };
    expect(orderProblems(recordSecond)).toContain('several: record is not first');
  });

  it('names a row left out of one column without saying it is for the other only', () => {
    const { several: _several, ...oneOnly } = row(SINK_TABLE, 'failed-logs');
    const slip = {
      ...SINK_TABLE,
      target: SINK_TABLE.target.map((each) => (each.name === 'failed-logs' ? oneOnly : each)),
    };
    expect(orderProblems(slip)).toContain(
      'failed-logs has no `several` column and does not say it is for `one` only',
    );
  });

  it('tells a row added to it once with one target, and once per target with three', async () => {
    const heard: string[] = [];
    const counting = ({ setup }: TargetSinkContext): FlowSink => ({
      concluded: () => void heard.push(setup.run.label),
    });
    const table = withTargetRow(
      SINK_TABLE,
      { name: 'count', one: counting, several: counting, reads: ['tails'] },
      'adapter',
    );
    expect(orderProblems(table)).toEqual([]);

    const one = await runFlow({ inputs: { pipeline: 'acme/web/build' }, table });
    expect(one.outcome.kind).toBe('passed');
    expect(heard).toEqual(['build']);

    heard.length = 0;
    const three = await runSeveral({ table });
    expect(three.outcome.kind).toBe('passed');
    expect(heard.sort()).toEqual(['build', 'e2e', 'test']);
  });
});
