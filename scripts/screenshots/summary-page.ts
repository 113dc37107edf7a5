// The job summary as GitHub shows it, approximately: the summary file read as GitHub-flavoured Markdown by
// `marked` (raw HTML passes through, as GitHub lets its allowed tags through), laid out with
// `github-markdown-css` in a box like the one the run's summary page draws around each job's summary.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { marked } from 'marked';
import { escapeHtml } from '../../src/text/safety.ts';

const require = createRequire(import.meta.url);
const MARKDOWN_CSS = readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8');

/** The picture's width: about the width of the box on GitHub's run page at a common window size. */
const WIDTH = 1000;

const FRAME_CSS = `
body { margin: 0; padding: 16px; background: #f6f8fa; font-family: "Liberation Sans", Arial, sans-serif; }
#shot { box-sizing: border-box; width: ${WIDTH}px; padding: 16px; background: #f6f8fa; }
.box { border: 1px solid #d0d7de; border-radius: 6px; background: #fff; }
.box > header { padding: 14px 24px; border-bottom: 1px solid #d0d7de; font-size: 16px; font-weight: 600; color: #1f2328; }
.box > .markdown-body { padding: 24px 32px; }
`;

export interface SummaryPageOptions {
  /** The job whose summary it is, shown as GitHub titles the box: "<job> summary". */
  job: string;
}

export function summaryPage(summary: string, { job }: SummaryPageOptions): string {
  const body = marked.parse(summary, { gfm: true, async: false });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(job)} summary</title>
<style>${MARKDOWN_CSS}</style>
<style>${FRAME_CSS}</style>
</head>
<body>
<div id="shot">
<section class="box">
<header>${escapeHtml(job)} summary</header>
<article class="markdown-body">
${body}
</article>
</section>
</div>
</body>
</html>
`;
}
