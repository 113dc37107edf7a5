// The shell every page shares: a small HTML document with its own CSS, sent with headers that keep a
// slip in escaping from running anything (a CSP that allows only this response's own style and script).
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { text } from './format.ts';

export interface Page {
  status?: number;
  /** Plain text; escaped here. */
  title: string;
  /** HTML, already escaped by whoever built it. */
  body: string;
  /** Reload the page after this many seconds (running work). */
  refreshSeconds?: number;
  /** A few lines of script, run once the page is parsed; only text the emulator made itself. */
  script?: string;
  /** Extra response headers (a cookie). */
  headers?: Record<string, string>;
}

const CSS = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg2: #f6f8fa; --link: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg); }
header.top { background: #24292f; color: #fff; padding: 10px 24px; font-weight: 600; }
header.top a { color: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
h1 { font-size: 22px; margin: 8px 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 16px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
.crumbs { color: var(--muted); overflow-wrap: anywhere; }
.muted { color: var(--muted); }
code, pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
th { font-weight: 600; color: var(--muted); font-size: 12px; white-space: nowrap; }
td time, td code { white-space: nowrap; }
tbody tr:hover { background: var(--bg2); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 12px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.badge { display: inline-block; white-space: nowrap; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 20px; border: 1px solid transparent; }
.b-passed { background: #dafbe1; color: #116329; }
.b-failed { background: #ffebe9; color: #a40e26; }
.b-aborted, .b-skipped { background: #eaeef2; color: #424a53; }
.b-running { background: #ddf4ff; color: #0550ae; }
.b-notstarted, .b-pendingapproval { background: #fff8c5; color: #7d4e00; }
.b-finished, .b-other { background: var(--bg2); color: var(--fg); border-color: var(--line); }
.state { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
progress { width: 200px; height: 10px; }
ul.plain { list-style: none; padding: 0; margin: 0; }
ul.plain li { padding: 2px 0; }
ul.keys { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 0; }
ul.keys code { background: var(--bg2); border: 1px solid var(--line); border-radius: 4px; padding: 1px 6px; }
details.step { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; }
details.step > summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: center; list-style: none; }
details.step > summary::before { content: '▸'; color: var(--muted); width: 10px; }
details.step[open] > summary::before { content: '▾'; }
details.step > summary .name { flex: 1; overflow-wrap: anywhere; }
details.step[open] > summary { border-bottom: 1px solid var(--line); background: var(--bg2); }
details.step.failed { border-color: #ff8182; }
pre.log { margin: 0; padding: 10px 12px; background: #0d1117; color: #e6edf3; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 480px; overflow-y: auto; }
.note { padding: 8px 12px; background: var(--bg2); border: 1px solid var(--line); border-radius: 6px; }
form.token { display: flex; gap: 8px; margin: 12px 0; }
form.token input[type=password] { flex: 0 1 320px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; }
form.token button { padding: 5px 14px; border: 1px solid #1f883d; background: #1f883d; color: #fff; border-radius: 6px; cursor: pointer; }
`;

const nonceOf = () => randomBytes(16).toString('base64');

function renderPage(page: Page, nonce: string): string {
  const refresh =
    page.refreshSeconds !== undefined ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">` : '';
  const script = page.script !== undefined ? `<script nonce="${nonce}">${page.script}</script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${refresh}<title>${text(page.title, 300)}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<header class="top">CI Service emulator</header>
<main>
${page.body}
</main>
${script}
</body>
</html>
`;
}

export function sendPage(reply: FastifyReply, page: Page): FastifyReply {
  const nonce = nonceOf();
  const policy = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return reply
    .code(page.status ?? 200)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      ...page.headers,
    })
    .send(renderPage(page, nonce));
}

/** A page that says what was not found. */
export function notFoundPage(what: string): Page {
  return {
    status: 404,
    title: 'Not found',
    body: `<h1>Not found</h1><p>${text(what)}</p>`,
  };
}
