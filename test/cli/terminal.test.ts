// The terminal side of the CLI and the demo, as pure functions: what reaches the screen for what the core or
// the bundled action writes.
import { describe, expect, it } from 'vitest';
import { colorWanted, createStyle } from '../../src/cli/terminal/color.ts';
import { createTerminalLog } from '../../src/cli/terminal/log.ts';
import { decodeEntities, htmlToText } from '../../scripts/demo/html-text.ts';
import { createWorkflowCommandView } from '../../scripts/demo/workflow-commands.ts';

const plain = createStyle(false);

function screen(isTTY = false, columns = 80) {
  let text = '';
  return { out: { write: (chunk: string) => void (text += chunk), isTTY, columns }, text: () => text };
}

describe('colorWanted', () => {
  it('colours a terminal unless NO_COLOR or TERM=dumb, and FORCE_COLOR decides either way', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorWanted({ TERM: 'dumb' }, true)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
  });
});

describe('the terminal log', () => {
  it('prints a group title as a heading and the remote tail indented, without any workflow command', () => {
    const { out, text } = screen();
    const log = createTerminalLog({ out, style: plain });
    log.startGroup('✖ 4/5 npm test (1s)');
    log.remote(['--> Running', '::endgroup::', '::error::fake', '\u001b[2Jcleared?']);
    log.endGroup();
    log.info('✖ Run failed after 6s');
    expect(text()).toBe(
      [
        '✖ 4/5 npm test (1s)',
        '  │ --> Running',
        '  │ ::endgroup::',
        '  │ ::error::fake',
        '  │ cleared?',
        '✖ Run failed after 6s',
        '',
      ].join('\n'),
    );
  });

  it('shows annotations as labelled lines, and debug lines only when verbose', () => {
    const { out, text } = screen();
    const log = createTerminalLog({ out, style: plain });
    log.error('ERROR: 3 tests failed\nsecond line', { title: '✖ Step 4/5 npm test failed' });
    log.warning('careful');
    log.debug('GET /api/v3/runs');
    expect(text()).toBe(
      'error: ✖ Step 4/5 npm test failed: ERROR: 3 tests failed\n  second line\nwarning: careful\n',
    );
    const verbose = screen();
    createTerminalLog({ out: verbose.out, style: plain, verbose: true }).debug('GET /api/v3/runs');
    expect(verbose.text()).toBe('debug: GET /api/v3/runs\n');
  });

  it('prints progress as plain lines when not on a terminal', () => {
    const { out, text } = screen(false);
    const log = createTerminalLog({ out, style: plain });
    log.progress!('running 40%');
    log.progress!('running 60%');
    log.clearProgress();
    expect(text()).toBe('running 40%\nrunning 60%\n');
    expect(log.rewrites).toBe(false);
  });

  it('rewrites the progress line in place on a terminal, keeps it under other lines, and clears it', () => {
    const { out, text } = screen(true, 30);
    const log = createTerminalLog({ out, style: plain });
    expect(log.rewrites).toBe(true);
    log.progress!('running 40% · step 3/5 a very long step name indeed');
    log.info('✔ 1/5 get code');
    log.progress!('finished 100%');
    log.clearProgress();
    const clear = '\r\u001b[2K';
    expect(text()).toBe(
      `${clear}running 40% · step 3/5 a ver…` +
        `${clear}✔ 1/5 get code\n${clear}running 40% · step 3/5 a ver…` +
        `${clear}finished 100%` +
        clear,
    );
  });

  it('guards every line that would reach the runner as a workflow command', () => {
    const { out, text } = screen();
    const log = createTerminalLog({ out, style: plain });
    log.remote(['::add-mask::passed', 'text ##[group]fake']);
    log.info('::warning::from a name');
    log.error('first\n  ::error::second line', { title: '##[error]title' });
    log.startGroup('::group::title');
    log.remote(['::endgroup::', 'text ##[endgroup]']);
    expect(text()).toBe(
      [
        '› ::add-mask::passed',
        'text # #[group]fake',
        '› ::warning::from a name',
        'error: # #[error]title: first',
        '  ›   ::error::second line',
        '› ::group::title',
        '  │ ::endgroup::',
        '  │ text # #[endgroup]',
        '',
      ].join('\n'),
    );
  });

  it('inside GitHub Actions fences remote lines as the action does, and never rewrites a line', () => {
    const { out, text } = screen(true);
    const log = createTerminalLog({ out, style: plain, githubActions: true });
    expect(log.rewrites).toBe(false);
    log.progress!('running 40%');
    log.startGroup('✖ 4/5 npm test (1s)');
    log.remote(['::endgroup::', '##[error]fake\r::warning::after a CR']);
    log.endGroup();
    const lines = text().split('\n');
    const token = /^::stop-commands::([0-9a-f]{64})$/.exec(lines[2]!)?.[1];
    expect(token).toBeDefined();
    expect(lines).toEqual([
      'running 40%',
      '✖ 4/5 npm test (1s)',
      `::stop-commands::${token}`,
      '  │ ::endgroup::',
      '  │ # #[error]fake',
      '  │ ::warning::after a CR',
      `::${token}::`,
      '',
    ]);
  });

  it('colours icons and the outcome line when colour is on, after stripping remote escapes', () => {
    const { out, text } = screen();
    const log = createTerminalLog({ out, style: createStyle(true) });
    log.info('✔ 1/5 \u001b[31mget code');
    log.info('✖ Run failed after 6s');
    expect(text()).toBe(
      '\u001b[32m✔\u001b[39m 1/5 get code\n\u001b[1m\u001b[31m✖ Run failed after 6s\u001b[39m\u001b[22m\n',
    );
  });
});

describe('the workflow command view (demo)', () => {
  it('shows groups, annotations and text, hides the rest, honours stop-commands and masks', () => {
    const view = createWorkflowCommandView(plain);
    const lines = [
      '::add-mask::s3cret',
      '::debug::GET /api/v3/runs',
      'Triggered run 1 with s3cret',
      '::group::✖ 4/5 npm test (1s)',
      '::stop-commands::abcdefabcdefabcdef12',
      '::endgroup::',
      '::error::from the remote log',
      '::abcdefabcdefabcdef12::',
      '::endgroup::',
      '::error title=✖ Step 4/5 npm test failed::ERROR: 3 tests%0Afailed',
      '::warning::careful',
      '::set-output name=x::y',
    ].flatMap((line) => view.render(line));
    expect(lines).toEqual([
      'Triggered run 1 with ***',
      '✖ 4/5 npm test (1s)',
      '  │ ::endgroup::',
      '  │ ::error::from the remote log',
      'Error: ✖ Step 4/5 npm test failed: ERROR: 3 tests',
      '  failed',
      'Warning: careful',
    ]);
  });

  it('colours annotations by kind when colour is on, notices included', () => {
    const view = createWorkflowCommandView(createStyle(true));
    expect(view.render('::notice::fyi')).toEqual(['\u001b[36mNotice:\u001b[39m fyi']);
    expect(view.render('::warning::careful')).toEqual(['\u001b[33mWarning:\u001b[39m careful']);
  });
});

describe('htmlToText (demo)', () => {
  it('turns the summary into headings, aligned rows, items and plain text', () => {
    const html = [
      '<h2>✔ Run passed</h2>',
      '<table>',
      '<tr><th align="left">Pipeline</th><td>build &amp; test</td></tr>',
      '<tr><th align="left">Run</th><td><code>5e01</code> · <a href="http://x/runs/5e01">http://x/runs/5e01</a></td></tr>',
      '</table>',
      '<h3>Steps</h3>',
      '<table>',
      '<thead><tr><th>#</th><th>Step</th><th>Result</th></tr></thead>',
      '<tbody>',
      '<tr><td>1</td><td>get &lt;code&gt;</td><td>✔ passed</td></tr>',
      '<tr><td>10</td><td>a<br>b</td><td>✖ failed</td></tr>',
      '</tbody>',
      '</table>',
      '<h3>Notes</h3>',
      '<ul>',
      '<li>The run passed.</li>',
      '</ul>',
      '<p>None were sent: <code>&#39;A&#x27;</code></p>',
    ].join('\n');
    expect(htmlToText(html)).toBe(
      [
        '✔ Run passed',
        'Pipeline  build & test',
        'Run       5e01 · http://x/runs/5e01',
        '',
        'Steps',
        '#   Step        Result',
        '1   get <code>  ✔ passed',
        '10  a b         ✖ failed',
        '',
        'Notes',
        '- The run passed.',
        "None were sent: 'A'",
        '',
      ].join('\n'),
    );
  });

  it('decodes entities and drops control characters', () => {
    expect(decodeEntities('&lt;&amp;&gt;&quot;&#39;&#x1F600;&nbsp;&bogus;')).toBe('<&>"\'😀 &bogus;');
    expect(htmlToText('<p>a&#27;[2Jb</p>')).toBe('ab\n');
  });
});
