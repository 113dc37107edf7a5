// The test section of the job summary as HTML: each step's counts, then its failed tests. Remote text
// throughout: cut, neutralised and escaped here.
import { clip, escapeHtml, htmlText, stripControls } from '../../text/safety.ts';
import { SUMMARY_LIMITS } from './summary-inline.ts';
import { countsLine, type TestsSection } from './summary-tests.ts';

function text(value: string, max: number = SUMMARY_LIMITS.name): string {
  return htmlText(clip(value, max));
}

/** Each step's counts, then its failed tests: suite, test, message, and the failure text folded. */
export function testsHtml(section: TestsSection): string[] {
  const lines = [`<h3>${escapeHtml(section.title)}</h3>`];
  for (const step of section.steps) {
    lines.push(`<p><strong>${text(step.step)}</strong>: ${escapeHtml(countsLine(step.counts))}</p>`);
    if (step.failed.length === 0) continue;
    lines.push('<table>', '<thead><tr><th>Suite</th><th>Test</th><th>Message</th></tr></thead>', '<tbody>');
    for (const test of step.failed) {
      const detail =
        test.text === undefined
          ? ''
          : `<details><summary>Failure</summary><pre>${escapeHtml(stripControls(clip(test.text, 4096)))}</pre></details>`;
      lines.push(
        `<tr><td>${text(test.suite)}</td><td>${text(test.name)}</td><td>${test.message === undefined ? '—' : text(test.message, SUMMARY_LIMITS.message)}${detail}</td></tr>`,
      );
    }
    lines.push('</tbody>', '</table>');
    if (step.more > 0) lines.push(`<p><em>${step.more} more failed tests not shown.</em></p>`);
  }
  return lines;
}
