export const id = 655;
export const ids = [655];
export const modules = {

/***/ 6896:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  B: () => (/* binding */ renderSummary)
});

// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
// EXTERNAL MODULE: ./src/core/report/summary-inline.ts
var summary_inline = __webpack_require__(6114);
// EXTERNAL MODULE: ./src/core/report/summary-tests.ts
var summary_tests = __webpack_require__(4918);
;// CONCATENATED MODULE: ./src/core/report/tests-html.ts
// The test section of the job summary as HTML: each step's counts, then its failed tests. Remote text
// throughout: cut, neutralised and escaped here.



function tests_html_text(value, max = summary_inline/* SUMMARY_LIMITS */.QF.name) {
    return (0,safety/* htmlText */.js)((0,safety/* clip */.$Q)(value, max));
}
/** Each step's counts, then its failed tests: suite, test, message, and the failure text folded. */
function testsHtml(section) {
    const lines = [`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`];
    for (const step of section.steps) {
        lines.push(`<p><strong>${tests_html_text(step.step)}</strong>: ${(0,safety/* escapeHtml */.ZD)((0,summary_tests/* countsLine */.J)(step.counts))}</p>`);
        if (step.failed.length === 0)
            continue;
        lines.push('<table>', '<thead><tr><th>Suite</th><th>Test</th><th>Message</th></tr></thead>', '<tbody>');
        for (const test of step.failed) {
            const detail = test.text === undefined
                ? ''
                : `<details><summary>Failure</summary><pre>${(0,safety/* escapeHtml */.ZD)((0,safety/* stripControls */.$Y)((0,safety/* clip */.$Q)(test.text, 4096)))}</pre></details>`;
            lines.push(`<tr><td>${tests_html_text(test.suite)}</td><td>${tests_html_text(test.name)}</td><td>${test.message === undefined ? '—' : tests_html_text(test.message, summary_inline/* SUMMARY_LIMITS */.QF.message)}${detail}</td></tr>`);
        }
        lines.push('</tbody>', '</table>');
        if (step.more > 0)
            lines.push(`<p><em>${step.more} more failed tests not shown.</em></p>`);
    }
    return lines;
}

// EXTERNAL MODULE: ./src/core/report/failures.ts
var failures = __webpack_require__(3315);
// EXTERNAL MODULE: ./src/core/report/summary-model.ts + 2 modules
var summary_model = __webpack_require__(7618);
;// CONCATENATED MODULE: ./src/core/report/summary-html.ts
// The summary document as HTML for GITHUB_STEP_SUMMARY. core.summary escapes nothing, so every remote or
// user string is escaped here, and the whole stays under the runner's 1 MiB limit.
//
// The HTML is a single HTML block: it starts with a block-level tag and contains no blank line, so the
// Markdown renderer takes it as it is and nothing in the escaped text can turn into Markdown (links,
// images, emphasis). Line breaks in remote text become <br>.




const SUMMARY_MAX_BYTES = 1_000_000;
// The environment keys are user input of any count: their section gets its own share of the budget.
const ENV_SECTION_BYTES = 64 * 1024;
const ENV_SECTION_SHARE = 1 / 8;
// The failed steps' logs get theirs too: each is bounded, and they are shortened to fit it.
const FAILURES_SECTION_BYTES = 256 * 1024;
const FAILURES_SECTION_SHARE = 1 / 4;
// Lines of a log shown when the section does not fit with all of them.
const SHORT_TAIL = 10;
// Room kept for the notes about rows left out.
const OMISSION_NOTE_BYTES = 256;
/** Remote text as HTML: cut, neutralised, escaped, line breaks as <br>. */
function summary_html_text(value, max = summary_model/* SUMMARY_LIMITS */.QF.name) {
    return (0,safety/* htmlText */.js)((0,safety/* clip */.$Q)(value, max));
}
function code(value, max = summary_model/* SUMMARY_LIMITS */.QF.name) {
    return `<code>${summary_html_text(value, max)}</code>`;
}
/** A link when `url` is an absolute http(s) URL, else the value shown as text (never as an href). */
function summary_html_link(url, label) {
    return linkAround(url, label === undefined ? summary_html_text(url, summary_model/* SUMMARY_LIMITS */.QF.url) : (0,safety/* escapeHtml */.ZD)(label));
}
/** `html` as the text of a link to `url`; a URL that cannot be linked is shown as text after it. */
function linkAround(url, html) {
    const href = httpUrl(url);
    if (href === undefined)
        return `${html} ${code(url, summary_model/* SUMMARY_LIMITS */.QF.url)}`;
    return `<a href="${(0,safety/* escapeHtml */.ZD)(href)}">${html}</a>`;
}
function httpUrl(value) {
    if (value.length > summary_model/* SUMMARY_LIMITS */.QF.url)
        return undefined;
    try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    }
    catch {
        return undefined;
    }
}
function shortCommit(commit) {
    return commit.length > 12 ? commit.slice(0, 7) : commit;
}
function inline(part) {
    switch (part.kind) {
        case 'words':
            return (0,safety/* escapeHtml */.ZD)(part.text);
        case 'text':
            return summary_html_text(part.text, part.max);
        case 'code':
            return code(part.text, part.max);
        case 'commit':
            return `<code title="${summary_html_text(part.hash)}">${summary_html_text(shortCommit(part.hash))}</code>`;
        case 'link':
            return summary_html_link(part.url, part.label);
    }
}
const bytes = (value) => Buffer.byteLength(value, 'utf8');
const sum = (lines) => lines.reduce((total, line) => total + bytes(line) + 1, 0);
function renderSummary(doc, options = {}) {
    const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
    const heading = `<h2>${doc.title.icon} ${(0,safety/* escapeHtml */.ZD)(doc.title.word)}</h2>`;
    const top = [heading, ...fieldTable(doc.fields)];
    const envBytes = Math.min(ENV_SECTION_BYTES, Math.floor(maxBytes * ENV_SECTION_SHARE));
    const fixedBytes = (list) => sum(top) +
        list.reduce((total, block) => total + sum(block.head) + sum(block.tail), 0) +
        2 * OMISSION_NOTE_BYTES;
    const drafts = doc.sections.map((section) => sectionBlock(section, envBytes));
    // The failed steps' logs get what the fixed parts and the rows of steps that did not pass leave, within
    // bounds; the other rows get the rest.
    const failuresBytes = Math.min(FAILURES_SECTION_BYTES, Math.max(Math.floor(maxBytes * FAILURES_SECTION_SHARE), maxBytes - fixedBytes(drafts) - drafts.reduce((total, block) => total + firstRowsBytes(block), 0)));
    const blocks = doc.sections.map((section, index) => section.kind === 'failures' ? fixedBlock(failuresSection(section, failuresBytes)) : drafts[index]);
    let budget = maxBytes - fixedBytes(blocks);
    const lines = [...top];
    for (const block of blocks) {
        // Rows are taken in order of preference while they fit, then shown in their own order.
        const chosen = new Set();
        for (const index of block.preferred) {
            const cost = bytes(block.rows[index] ?? '') + 1;
            if (cost > budget)
                break;
            budget -= cost;
            chosen.add(index);
        }
        const omitted = block.rows.length - chosen.size;
        lines.push(...block.head, ...block.rows.filter((_, index) => chosen.has(index)), ...block.tail);
        if (omitted > 0 && block.noun !== undefined) {
            lines.push(`<p><em>${omitted} more ${block.noun}${omitted === 1 ? '' : 's'} not shown (the summary is limited to 1 MiB).</em></p>`);
        }
    }
    const html = `${lines.join('\n')}\n`;
    if (bytes(html) <= maxBytes)
        return html;
    // Only when maxBytes is tiny compared with the fixed parts: say so rather than exceed it.
    const minimal = `${heading}\n<p>The summary does not fit in ${maxBytes} bytes.</p>\n`;
    return bytes(minimal) <= maxBytes ? minimal : '';
}
function fieldTable(fields) {
    if (fields.length === 0)
        return [];
    const rows = fields.map((field) => `<tr><th align="left">${(0,safety/* escapeHtml */.ZD)(field.label)}</th><td>${field.value.map(inline).join(' · ')}</td></tr>`);
    return ['<table>', ...rows, '</table>'];
}
const fixedBlock = (head) => ({ head, rows: [], preferred: [], tail: [] });
/** The bytes of the rows that outrank the failed steps' logs. */
function firstRowsBytes(block) {
    return sum(block.preferred.slice(0, block.first ?? 0).map((index) => block.rows[index] ?? ''));
}
/** A section as a block; the failed steps' is drawn once its size is known (see renderSummary). */
function sectionBlock(section, envBytes) {
    switch (section.kind) {
        case 'steps': {
            if (section.rows.length === 0)
                return fixedBlock(['<p>No steps were reported.</p>']);
            const order = section.rows.map((_, index) => index);
            const kept = (index) => section.rows[index]?.keep === true;
            const preferred = [...order.filter(kept), ...order.filter((index) => !kept(index))];
            return {
                ...tableBlock(`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`, STEP_TABLE, section.rows, 'step', preferred),
                first: order.filter(kept).length,
            };
        }
        case 'attempts':
            return tableBlock(`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`, ATTEMPT_TABLE, section.rows, 'attempt', section.rows.map((_, index) => index));
        case 'tests':
            return fixedBlock(testsHtml(section));
        case 'artifacts':
            return tableBlock(`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`, ARTIFACT_TABLE, section.rows, 'step', section.rows.map((_, index) => index));
        case 'workflow':
            return tableBlock(`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)} ${code(section.id)}</h3>`, WORKFLOW_TABLE, section.rows, 'workflow item', section.rows.map((_, index) => index));
        case 'env':
            return fixedBlock(envSection(section.title, section.keys, envBytes));
        case 'failures':
            return fixedBlock([]);
        case 'notes':
            return fixedBlock([
                `<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`,
                '<ul>',
                ...section.items.map((note) => `<li>${summary_html_text(note, summary_model/* SUMMARY_LIMITS */.QF.note)}</li>`),
                '</ul>',
            ]);
    }
}
const stateCell = (row) => `${row.state.icon} ${summary_html_text(row.state.word)}`;
/** A dash for a cell with nothing to show. */
function orDash(value, show) {
    return value === undefined ? '—' : show(value);
}
const STEP_TABLE = {
    head: '<thead><tr><th>#</th><th>Step</th><th>Result</th><th>Duration</th><th>Log</th><th>Artifacts</th></tr></thead>',
    cells: [
        (row) => String(row.order),
        (row) => (row.page ? linkAround(row.page.url, summary_html_text(row.name)) : summary_html_text(row.name)),
        stateCell,
        (row) => orDash(row.duration, safety/* escapeHtml */.ZD),
        (row) => orDash(row.log, inline),
        (row) => orDash(row.artifacts, inline),
    ],
};
const ARTIFACT_TABLE = {
    head: '<thead><tr><th>#</th><th>Step</th><th>Status</th><th>Files</th><th>Size</th><th>Folder</th></tr></thead>',
    cells: [
        (row) => (row.order > 0 ? String(row.order) : '—'),
        (row) => summary_html_text(row.step),
        (row) => `${stateCell(row)}${row.reason !== undefined ? `: ${summary_html_text(row.reason, summary_model/* SUMMARY_LIMITS */.QF.message)}` : ''}`,
        (row) => String(row.files),
        (row) => (0,safety/* escapeHtml */.ZD)(row.size),
        (row) => orDash(row.folder, (folder) => `<code>${summary_html_text(folder)}</code>`),
    ],
};
const ATTEMPT_TABLE = {
    head: '<thead><tr><th>Attempt</th><th>Id</th><th>Result</th><th>Duration</th><th>Failed at</th><th>Link</th></tr></thead>',
    cells: [
        (row) => String(row.attempt),
        (row) => code(row.id),
        stateCell,
        (row) => orDash(row.duration, safety/* escapeHtml */.ZD),
        (row) => orDash(row.failedAt, (step) => summary_html_text(step)),
        (row) => inline(row.page),
    ],
};
const WORKFLOW_TABLE = {
    head: '<thead><tr><th>Item</th><th>Status</th><th>Result</th><th>Run</th></tr></thead>',
    cells: [(row) => summary_html_text(row.name), (row) => summary_html_text(row.status), stateCell, (row) => orDash(row.runId, code)],
};
function tableBlock(heading, table, rows, noun, preferred) {
    return {
        head: [heading, '<table>', table.head, '<tbody>'],
        rows: rows.map((row) => `<tr>${table.cells.map((cell) => `<td>${cell(row)}</td>`).join('')}</tr>`),
        preferred,
        tail: ['</tbody>', '</table>'],
        noun,
    };
}
function envSection(title, keys, maxBytes) {
    const heading = `<h3>${(0,safety/* escapeHtml */.ZD)(title)}</h3>`;
    if (keys.length === 0)
        return [heading, '<p>None were sent.</p>'];
    const shown = [];
    let size = 0;
    for (const key of keys) {
        const item = code(key, summary_model/* SUMMARY_LIMITS */.QF.envKey);
        if (size + bytes(item) + 2 > maxBytes)
            break;
        size += bytes(item) + 2;
        shown.push(item);
    }
    const more = keys.length - shown.length;
    const tail = more > 0 ? ` and ${more} more` : '';
    return [heading, `<p>Sent, keys only (values are never shown): ${shown.join(', ')}${tail}</p>`];
}
/**
 * Each failed step as a collapsed <details>: its name and error line, then how its log ends, in a <pre>
 * whose lines are joined by <br> so that no line of the summary is blank. When the section does not fit
 * in `maxBytes`, what is given up first is what matters least: the later steps' logs (shortened, then
 * left out, the last step first), then the first step's log, then whole steps, the last first.
 */
function failuresSection(section, maxBytes) {
    const shown = section.items.map((item) => item.lastLines.length);
    const later = shown
        .map((_, index) => index)
        .reverse()
        .slice(0, -1);
    const cuts = [
        ...later.map((index) => [index, SHORT_TAIL]),
        ...later.map((index) => [index, 0]),
        [0, SHORT_TAIL],
        [0, 0],
        ...[...later, 0].map((index) => [index, -1]),
    ];
    const draw = () => failureLines(section, shown);
    for (const [index, lines] of cuts) {
        if (sum(draw()) <= maxBytes)
            break;
        shown[index] = Math.min(shown[index] ?? 0, lines);
    }
    return sum(draw()) <= maxBytes ? draw() : [];
}
function failureLines(section, shown) {
    const lines = [`<h3>${(0,safety/* escapeHtml */.ZD)(section.title)}</h3>`];
    section.items.forEach((item, index) => {
        const count = shown[index] ?? -1;
        if (count >= 0)
            lines.push(...failureItem(item, count));
    });
    const hidden = section.more + shown.filter((count) => count < 0).length;
    if (hidden > 0) {
        lines.push(`<p><em>${(0,safety/* escapeHtml */.ZD)((0,failures/* moreFailedLine */.zs)(hidden))}</em></p>`);
    }
    return lines;
}
function failureItem(item, count) {
    const why = item.firstError === undefined
        ? `<em>${(0,safety/* escapeHtml */.ZD)((0,failures/* missingErrorLine */.BU)(item))}</em>`
        : `<code>${summary_html_text(item.firstError, summary_model/* SUMMARY_LIMITS */.QF.message)}</code>`;
    const summary = `${item.icon} Step ${item.order} <strong>${summary_html_text(item.name)}</strong> ${(0,safety/* escapeHtml */.ZD)(item.verb)}: ${why}`;
    const logLines = count > 0 ? item.lastLines.slice(-count) : [];
    const total = item.lastLines.length + item.earlierLines;
    const about = [
        ...(item.link ? [inline(item.link)] : []),
        ...(total > 0 ? [(0,safety/* escapeHtml */.ZD)((0,failures/* linesNote */.Iz)(item, logLines.length))] : []),
    ];
    return [
        `<details><summary>${summary}</summary>`,
        ...(about.length > 0 ? [`<p>${about.join(' · ')}</p>`] : []),
        ...(logLines.length > 0 ? [`<pre>${logLines.map(logLine).join('<br>')}</pre>`] : []),
        '</details>',
    ];
}
/** One line of a log: on one line, cut, escaped. */
function logLine(line) {
    return (0,safety/* escapeHtml */.ZD)((0,safety/* clip */.$Q)((0,safety/* stripControls */.$Y)(line), failures/* FAILURE_LIMITS */.IC.lineLength));
}


/***/ }),

/***/ 6114:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QF: () => (/* binding */ SUMMARY_LIMITS),
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   St: () => (/* binding */ serverLink),
/* harmony export */   aL: () => (/* binding */ words),
/* harmony export */   aY: () => (/* binding */ code),
/* harmony export */   hW: () => (/* binding */ ourLink)
/* harmony export */ });
/** Longest remote strings shown, in UTF-16 code units; longer ones are cut with `…`. */
const SUMMARY_LIMITS = { name: 300, message: 2000, url: 2000, note: 2000, envKey: 200 };
/**
 * A link as shown. Off the API's origin the query and fragment are dropped: a pre-signed URL carries
 * its credentials there, and the summary is readable by anyone who can see the job. User info never shows.
 */
/**
 * A link to a URL of our own making (a page built from the base URL and checked names, an API URL built
 * from the checked id): shown as it is, but for credentials.
 */
function ourLink(raw, label) {
    const url = httpUrl(raw);
    const shown = url?.href ?? raw;
    return label === undefined ? { kind: 'link', url: shown } : { kind: 'link', url: shown, label };
}
/**
 * A link to a URL the server sent (a step's log or artifacts): shown only on one of `origins` (when
 * given), and without its query and fragment, where pre-signed URLs carry their credentials.
 */
function serverLink(raw, origins, label) {
    const url = httpUrl(raw);
    if (url) {
        if (origins !== undefined && !origins.includes(url.origin))
            return undefined;
        url.search = '';
        url.hash = '';
    }
    return ourLink(url?.href ?? raw, label);
}
/** An absolute http(s) URL without credentials; undefined for anything else, which is shown as text. */
function httpUrl(raw) {
    try {
        const url = new URL(raw);
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return undefined;
        url.username = '';
        url.password = '';
        return url;
    }
    catch {
        return undefined;
    }
}
function words(value) {
    return value === undefined ? undefined : { kind: 'words', text: value };
}
function text(value, max = SUMMARY_LIMITS.name, multiline = false) {
    if (value === undefined)
        return undefined;
    return multiline ? { kind: 'text', text: value, max, multiline } : { kind: 'text', text: value, max };
}
function code(value) {
    return value === undefined ? undefined : { kind: 'code', text: value, max: SUMMARY_LIMITS.name };
}


/***/ }),

/***/ 7618:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  QF: () => (/* reexport */ summary_inline/* SUMMARY_LIMITS */.QF),
  fR: () => (/* binding */ buildSummary)
});

// UNUSED EXPORTS: summaryDoc, toSummaryStep

// EXTERNAL MODULE: ./src/core/report/failures.ts
var failures = __webpack_require__(3315);
// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
// EXTERNAL MODULE: ./src/core/report/summary-inline.ts
var summary_inline = __webpack_require__(6114);
// EXTERNAL MODULE: ./src/core/report/summary-tests.ts
var summary_tests = __webpack_require__(4918);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/report/summary-artifacts.ts
// The artifacts a target brought back, as the summary lists them: each step considered, its status, its
// files and size, and the folder they went to, written from the `artifacts-path` the user gave.


const MARKS = {
    stored: { icon: '✔', tone: 'passed' },
    none: { icon: '—', tone: 'none' },
    refused: { icon: '✖', tone: 'failed' },
    failed: { icon: '✖', tone: 'failed' },
    'not-allowed': { icon: '✖', tone: 'failed' },
    'too-large': { icon: '✖', tone: 'failed' },
};
/** The facts' entries for the summary; undefined when no step's artifacts were asked for. */
function summaryArtifacts(facts, path) {
    // Nothing considered (only an outputs file or test reports were read): no section.
    if (facts === undefined || facts.entries.length === 0)
        return undefined;
    return facts.entries.map((entry) => ({
        order: entry.order,
        step: entry.step,
        status: entry.status,
        files: entry.files,
        bytes: entry.bytes,
        ...(entry.folder !== undefined ? { folder: (0,external_node_path_.join)(path, (0,external_node_path_.relative)(facts.root, entry.folder)) } : {}),
        ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    }));
}
function artifactRow(artifact) {
    return {
        order: artifact.order,
        step: artifact.step,
        state: { ...MARKS[artifact.status], word: artifact.status },
        files: artifact.files,
        size: (0,format/* formatBytes */.z3)(artifact.bytes),
        ...(artifact.folder !== undefined ? { folder: artifact.folder } : {}),
        ...(artifact.reason !== undefined ? { reason: artifact.reason } : {}),
    };
}

;// CONCATENATED MODULE: ./src/core/report/summary-attempts.ts


/** Every attempt, oldest first; undefined when there was only one. */
function summaryAttempts(final) {
    const retried = final.retried ?? [];
    if (retried.length === 0 || !final.ref)
        return undefined;
    const current = {
        attempt: retried.length + 1,
        ref: final.ref,
        url: final.web?.url ?? final.ref.url,
        resource: final.resource,
        failedStep: (0,format/* failedStepOf */.n0)(final.steps),
    };
    return [...retried.map((attempt) => ({ ...attempt, url: attempt.web.url })), current].map(({ attempt, ref, url, resource, failedStep }) => {
        const durationMs = (0,format/* elapsedMs */.d5)(resource?.startedAt, resource?.finishedAt);
        return {
            attempt,
            id: ref.id,
            url,
            status: resource?.status ?? 'unknown',
            result: resource?.result ?? 'unknown',
            ...(durationMs !== undefined ? { durationMs } : {}),
            ...(failedStep ? { failedStep } : {}),
        };
    });
}
/** An attempt as the summary's table shows it. */
function attemptRow(attempt) {
    const finished = attempt.status === 'finished';
    const step = attempt.failedStep;
    return {
        attempt: attempt.attempt,
        id: attempt.id,
        page: (0,summary_inline/* ourLink */.hW)(attempt.url),
        state: {
            icon: finished ? (0,format/* resultIcon */.fF)(attempt.result) : '…',
            word: (finished ? attempt.result : attempt.status) || 'unknown',
            tone: finished ? attempt.result : attempt.status,
        },
        ...(attempt.durationMs !== undefined ? { duration: (0,format/* formatDuration */.a3)(attempt.durationMs) } : {}),
        ...(step ? { failedAt: `${step.order}/${step.total} ${step.name}` } : {}),
    };
}

;// CONCATENATED MODULE: ./src/core/report/summary-model.ts







function buildSummary(input) {
    const { baseUrl, logOrigins } = input.settings;
    return summaryDoc(summaryData(input), [new URL(baseUrl).origin, ...logOrigins]);
}
/** A step as the API returned it, in the summary's shape, with its page and what was kept of its log. */
function toSummaryStep(step, extra = {}) {
    const durationMs = (0,format/* elapsedMs */.d5)(step.startedAt, step.finishedAt);
    return {
        id: step.id,
        order: step.order,
        name: step.name,
        status: step.status,
        result: step.result,
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(step.logUrl !== undefined ? { logUrl: step.logUrl } : {}),
        ...(step.artifactsUrl !== undefined ? { artifactsUrl: step.artifactsUrl } : {}),
        ...(extra.webUrl !== undefined ? { webUrl: extra.webUrl } : {}),
        ...(extra.logTail !== undefined ? { logTail: extra.logTail } : {}),
    };
}
/** The facts, preferring what the server reported over what the settings asked for. */
function summaryData(input) {
    const { outcome, final, kind, settings, trigger, pipeline } = input;
    const resource = final.resource ?? trigger?.resource;
    const target = settings.target;
    const durationMs = (0,format/* elapsedMs */.d5)(resource?.startedAt, resource?.finishedAt);
    const branch = resource?.branch ?? settings.branch;
    const commit = resource?.commitHash ?? settings.commit;
    const message = resource?.message ?? settings.message;
    const sourceRunId = (resource && 'sourceRunId' in resource ? resource.sourceRunId : undefined) ?? settings.sourceRunId;
    const application = target.kind === 'application' || target.kind === 'pipeline'
        ? `${target.owner}/${target.application}`
        : settings.application
            ? `${settings.application.owner}/${settings.application.name}`
            : target.kind === 'application-id'
                ? target.applicationId
                : undefined;
    const notes = [outcome.message, ...(final.abort ? [final.abort.message] : [])];
    const attempts = summaryAttempts(final);
    return {
        outcome: outcome.kind,
        kind,
        ...(trigger
            ? {
                id: trigger.ref.id,
                apiUrl: trigger.ref.url,
                ...(trigger.web.isPage ? { webUrl: trigger.web.url } : {}),
            }
            : {}),
        target: {
            ...(pipeline ? { pipeline } : {}),
            ...(application ? { application } : {}),
            ...(branch ? { branch } : {}),
            ...(commit ? { commit } : {}),
            ...(message ? { message } : {}),
            ...(sourceRunId ? { sourceRunId } : {}),
        },
        ...(resource?.startedAt ? { startedAt: resource.startedAt } : {}),
        ...(resource?.finishedAt ? { finishedAt: resource.finishedAt } : {}),
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(resource ? { status: resource.status, result: resource.result } : {}),
        ...(resource?.progress !== undefined ? { progress: resource.progress } : {}),
        steps: [...final.steps]
            .sort((a, b) => a.order - b.order)
            .map((step) => toSummaryStep(step, { webUrl: input.stepUrl?.(step.id), logTail: input.logTails?.get(step.id) })),
        ...(final.workflow
            ? {
                workflow: {
                    id: final.workflow.id,
                    items: final.workflow.items.map((item) => ({
                        name: item.targetName ?? item.pipelineId ?? item.id,
                        status: item.status,
                        result: item.result,
                        ...(item.runId ? { runId: item.runId } : {}),
                    })),
                },
            }
            : {}),
        ...(attempts ? { attempts } : {}),
        ...optionalField('artifacts', summaryArtifacts(input.artifacts, settings.artifacts.path)),
        ...optionalField('tests', (0,summary_tests/* testsSection */.F)(input.tests)),
        envKeys: settings.envVars.map((pair) => pair.key),
        notes,
    };
}
/**
 * The layout: every field and section the summary can show, once, in order. Links off `apiOrigin`
 * (all of them when it is not given) lose their query and fragment; step pages, of our own making, keep theirs.
 */
function summaryDoc(data, origins) {
    const link = (url, label) => (0,summary_inline/* serverLink */.St)(url, origins, label);
    const { target } = data;
    const kind = data.kind === 'build' ? 'Build' : 'Run';
    const duration = data.durationMs ?? (0,format/* elapsedMs */.d5)(data.startedAt, data.finishedAt);
    const state = stateWords(data);
    const fields = [
        ['Pipeline', [(0,summary_inline/* text */.Qq)(target.pipeline)]],
        ['Application', [(0,summary_inline/* text */.Qq)(target.application)]],
        [
            kind,
            [
                (0,summary_inline/* code */.aY)(data.id),
                data.webUrl !== undefined
                    ? (0,summary_inline/* ourLink */.hW)(data.webUrl)
                    : data.apiUrl === undefined
                        ? undefined
                        : (0,summary_inline/* serverLink */.St)(data.apiUrl, undefined),
            ],
        ],
        ['Branch', [(0,summary_inline/* code */.aY)(target.branch)]],
        ['Commit', [target.commit === undefined ? undefined : { kind: 'commit', hash: target.commit }]],
        ['Message', [(0,summary_inline/* text */.Qq)(target.message, summary_inline/* SUMMARY_LIMITS */.QF.message, true)]],
        ['Chained from run', [(0,summary_inline/* code */.aY)(target.sourceRunId)]],
        ['State', [(0,summary_inline/* text */.Qq)(state)]],
        ['Started', [(0,summary_inline/* words */.aL)(formatDate(data.startedAt))]],
        ['Finished', [(0,summary_inline/* words */.aL)(formatDate(data.finishedAt))]],
        ['Duration', [(0,summary_inline/* words */.aL)(duration === undefined ? undefined : (0,format/* formatDuration */.a3)(duration))]],
    ];
    return {
        data,
        title: {
            icon: (0,format/* outcomeIcon */.sE)(data.outcome),
            word: `${kind} ${(0,format/* outcomeWord */.nG)(data.outcome)}`,
            tone: data.outcome,
        },
        fields: fields
            .map(([label, parts]) => ({ label, value: parts.filter((part) => part !== undefined) }))
            .filter((field) => field.value.length > 0),
        sections: sections(data, link),
    };
}
function sections(data, link) {
    const notes = data.notes ?? [];
    return [
        ...(data.attempts
            ? [
                {
                    kind: 'attempts',
                    title: 'Attempts',
                    rows: data.attempts.map(attemptRow),
                },
            ]
            : []),
        {
            kind: 'steps',
            title: data.attempts ? `Steps of attempt ${data.attempts.length}` : 'Steps',
            rows: [...data.steps].sort((a, b) => a.order - b.order).map((step) => stepRow(step, link)),
        },
        ...optional((0,failures/* failuresSection */.Lb)(data.steps, (step) => step.webUrl
            ? (0,summary_inline/* ourLink */.hW)(step.webUrl, 'Open the step')
            : step.logUrl
                ? link(step.logUrl, 'Full log')
                : undefined)),
        ...optional(data.tests),
        ...(data.artifacts
            ? [{ kind: 'artifacts', title: 'Artifacts', rows: data.artifacts.map(artifactRow) }]
            : []),
        ...(data.workflow
            ? [
                {
                    kind: 'workflow',
                    title: 'Workflow',
                    id: data.workflow.id,
                    rows: data.workflow.items.map(workflowRow),
                },
            ]
            : []),
        { kind: 'env', title: 'Environment variables', keys: data.envKeys },
        ...(notes.length > 0 ? [{ kind: 'notes', title: 'Notes', items: notes }] : []),
    ];
}
function stepRow(step, link) {
    const finished = step.status === 'finished';
    return {
        order: step.order,
        name: step.name,
        state: {
            icon: finished ? (0,format/* resultIcon */.fF)(step.result) : '…',
            word: (finished ? step.result : step.status) || 'unknown',
            tone: finished ? step.result : step.status,
        },
        ...(step.durationMs !== undefined ? { duration: (0,format/* formatDuration */.a3)(step.durationMs) } : {}),
        ...(step.webUrl ? { page: (0,summary_inline/* ourLink */.hW)(step.webUrl, 'page') } : {}),
        ...optionalField('log', step.logUrl ? link(step.logUrl, 'log') : undefined),
        ...optionalField('artifacts', step.artifactsUrl ? link(step.artifactsUrl, 'artifacts') : undefined),
        keep: step.result !== 'passed',
    };
}
const optionalField = (key, value) => value === undefined ? {} : { [key]: value };
function optional(value) {
    return value === undefined ? [] : [value];
}
function workflowRow(item) {
    return {
        name: item.name,
        status: item.status,
        state: { icon: (0,format/* resultIcon */.fF)(item.result), word: item.result, tone: item.result },
        ...(item.runId !== undefined ? { runId: item.runId } : {}),
    };
}
function formatDate(date) {
    if (!date || !Number.isFinite(date.getTime()))
        return undefined;
    return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
/** `finished, result failed, 100%`. */
function stateWords(data) {
    const parts = [
        data.status,
        data.result !== undefined ? `result ${data.result}` : undefined,
        data.progress !== undefined && Number.isFinite(data.progress)
            ? `${Math.round(data.progress)}%`
            : undefined,
    ].filter((part) => part !== undefined && part !== '');
    return parts.length > 0 ? parts.join(', ') : undefined;
}


/***/ }),

/***/ 4918:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ testsSection),
/* harmony export */   J: () => (/* binding */ countsLine)
/* harmony export */ });
/** The failed tests shown per step; the rest are counted. */
const SHOWN_FAILED = 50;
/** The summary's test section, or undefined when no report was read. */
function testsSection(facts) {
    if (facts === undefined || facts.steps.length === 0)
        return undefined;
    const steps = facts.steps.map(({ step, failed, counts }) => ({
        step,
        counts,
        failed: failed.slice(0, SHOWN_FAILED).map((test) => ({
            suite: test.suite,
            name: test.name,
            ...(test.message !== undefined ? { message: test.message } : {}),
            ...(test.text !== undefined ? { text: test.text } : {}),
        })),
        more: Math.max(0, failed.length - SHOWN_FAILED),
    }));
    return { kind: 'tests', title: 'Tests', steps };
}
/** `12 tests: 9 passed, 2 failed, 1 skipped`. */
function countsLine({ total, passed, failed, errored, skipped, flaky }) {
    const parts = [`${passed} passed`];
    if (failed + errored > 0)
        parts.push(`${failed + errored} failed`);
    if (skipped > 0)
        parts.push(`${skipped} skipped`);
    if (flaky > 0)
        parts.push(`${flaky} flaky`);
    return `${total} test${total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}


/***/ }),

/***/ 6772:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ targetSummaryDoc)
/* harmony export */ });
/* harmony import */ var _labels_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3695);
/* harmony import */ var _summary_model_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7618);


/** The summary of a conclusion, as data; also what a check run shows. */
function targetSummaryDoc(settings, info, { outcome, final }, extra = {}) {
    const kind = (0,_labels_js__WEBPACK_IMPORTED_MODULE_0__/* .kindOf */ .I)(settings, info);
    const resource = final.resource ?? info?.resource;
    const pipeline = kind === 'run' && resource ? (0,_labels_js__WEBPACK_IMPORTED_MODULE_0__/* .pipelineLabel */ .nE)(resource, settings, info) : undefined;
    const web = final.web ?? info?.web;
    const stepUrl = extra.stepUrl ?? (web?.isPage ? web.step : undefined);
    return (0,_summary_model_js__WEBPACK_IMPORTED_MODULE_1__/* .buildSummary */ .fR)({
        outcome,
        final,
        kind,
        settings,
        trigger: info,
        pipeline,
        ...(extra.tails ? { logTails: extra.tails } : {}),
        ...(extra.artifacts ? { artifacts: extra.artifacts } : {}),
        ...(extra.tests ? { tests: extra.tests } : {}),
        ...(stepUrl ? { stepUrl } : {}),
    });
}


/***/ })

};
