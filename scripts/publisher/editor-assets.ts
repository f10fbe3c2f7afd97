/**
 * The editor page's script and style (editor.ts serves them at /editor/editor.js and /editor/editor.css),
 * kept as text in a module so that the Netlify function's bundle carries them as well: a function has no
 * files of the repository at hand. Both are plain text without backquotes, backslashes or `${`, so each is
 * the template literal's text as it is (editor-assets.test.ts checks that the script parses).
 */

/**
 * The page kept current while a build runs: asks /editor/status.json every 2 s (the page's `data-poll-ms`)
 * and rewrites the status line (a polite live region), the progress bar, the list of builds and the bars of
 * the chart from the geometry the server computed, and the publish button's words (a running build, or
 * 今すぐ公開 once it is over). Text only (textContent), never markup.
 */
export const EDITOR_SCRIPT = `const status = document.getElementById('status');
const list = document.getElementById('builds');
const progressBox = document.getElementById('progress-box');
const progress = document.getElementById('progress');
const progressText = document.getElementById('progress-text');
const chart = document.getElementById('chart');
const bars = document.getElementById('chart-bars');
const summary = document.getElementById('chart-summary');
const noChart = document.getElementById('no-chart');
const button = document.getElementById('publish');
const pressNote = document.getElementById('publish-note');
const POLL_MS = Number(status?.dataset.pollMs) || 2000;
const SVG = 'http://www.w3.org/2000/svg';

function renderProgress(bar) {
  progressBox.hidden = bar === null;
  if (bar === null) return;
  progress.max = bar.max;
  if (bar.value === null) progress.removeAttribute('value');
  else progress.value = bar.value;
  progress.textContent = bar.text;
  progressText.textContent = bar.text;
}

function renderChart(data) {
  chart.hidden = data === null;
  noChart.hidden = data !== null;
  if (data === null) return;
  const rects = data.bars.map((bar) => {
    const rect = document.createElementNS(SVG, 'rect');
    rect.setAttribute('class', 'bar bar--' + bar.outcome);
    for (const name of ['x', 'y', 'width', 'height']) rect.setAttribute(name, String(bar[name]));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = bar.title;
    rect.append(title);
    return rect;
  });
  bars.replaceChildren(...rects);
  summary.textContent = data.summary;
}

function render(body) {
  if (status.textContent !== body.status.message) status.textContent = body.status.message;
  status.className = 'status status--' + body.status.tone;
  status.dataset.busy = String(body.busy);
  if (button) button.textContent = body.busy ? 'ビルド中…' : '今すぐ公開';
  if (pressNote) pressNote.hidden = !body.busy;
  renderProgress(body.progress);
  document.getElementById('no-builds')?.remove();
  const items = body.builds.map((build) => {
    const item = document.createElement('li');
    item.className = 'build build--' + build.outcome;
    const dl = document.createElement('dl');
    for (const [label, value] of build.rows) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    }
    item.append(dl);
    return item;
  });
  list.replaceChildren(...items);
  renderChart(body.chart);
}

async function poll() {
  try {
    const response = await fetch('/editor/status.json', { cache: 'no-store', credentials: 'same-origin' });
    if (response.status === 401) return location.reload();
    if (response.ok) {
      const body = await response.json();
      render(body);
      if (!body.busy) return;
    }
  } catch {
    // The server restarts or the network blinks: ask again.
  }
  setTimeout(poll, POLL_MS);
}

if (status && list && progressBox && chart && status.dataset.busy === 'true') setTimeout(poll, POLL_MS);
`;

/** One column from 320 px up, the site's colours, a Japanese system font stack. */
export const EDITOR_STYLE = `*,
*::before,
*::after {
  box-sizing: border-box;
}
body {
  margin: 0;
  color: #333;
  background: #fff;
  font-family: system-ui, -apple-system, "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic UI", sans-serif;
  line-height: 1.7;
}
main {
  max-width: 52rem;
  margin: 0 auto;
  padding: 1rem;
}
h1 {
  font-size: 1.5rem;
  margin: 0.5rem 0 1rem;
}
h2 {
  font-size: 1.2rem;
  margin: 2rem 0 0.75rem;
}
p,
dd {
  overflow-wrap: anywhere;
}
.status {
  margin: 1rem 0;
  padding: 0.75rem 1rem;
  border: 2px solid #666;
  border-left-width: 0.5rem;
}
.status--busy {
  border-color: #999;
}
.status--failed {
  /* The error colour marks the box, never the text: its contrast on white is too low for words. */
  border-color: #dd807f;
}
button {
  min-height: 2.75rem;
  padding: 0.5rem 1.5rem;
  border: 0;
  border-radius: 0.25rem;
  background: #333;
  color: #fff;
  font: inherit;
  font-weight: bold;
  cursor: pointer;
}
button:focus-visible,
input:focus-visible,
a:focus-visible {
  outline: 3px solid #333;
  outline-offset: 2px;
}
.publish button {
  width: 100%;
  max-width: 20rem;
}
.note {
  color: #666;
  font-size: 0.9rem;
}
.signin {
  display: grid;
  gap: 0.25rem 0;
  max-width: 20rem;
}
.signin input {
  min-height: 2.75rem;
  padding: 0.25rem 0.5rem;
  border: 1px solid #666;
  border-radius: 0.25rem;
  font: inherit;
  margin-bottom: 0.75rem;
}
.builds {
  list-style: none;
  margin: 0;
  padding: 0;
}
.build {
  border: 1px solid #999;
  border-left-width: 0.5rem;
  margin: 0 0 0.75rem;
  padding: 0.5rem 0.75rem;
}
.build--failed,
.build--rejected {
  border-left-color: #dd807f;
}
.build--published {
  border-left-color: #333;
}
.build dl {
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.125rem 1rem;
  margin: 0;
}
.build dt {
  color: #666;
}
.build dd {
  margin: 0;
}
.progress {
  display: grid;
  gap: 0.25rem;
  margin: 0 0 1rem;
}
.progress progress {
  width: 100%;
  height: 1rem;
  accent-color: #333;
}
.history {
  display: grid;
  gap: 1rem;
}
.chart {
  margin: 0;
}
.chart svg {
  display: block;
  width: 100%;
  height: auto;
  overflow: visible;
}
.chart figcaption {
  color: #666;
  font-size: 0.9rem;
  margin-top: 0.5rem;
}
/* Published builds are solid bars; the others are dashed outlines, told apart by shape as well as colour. */
.bar--published {
  fill: #333;
}
.bar--failed,
.bar--rejected {
  fill: #fff;
  stroke: #333;
  stroke-width: 1.5;
  stroke-dasharray: 3 2;
}
.chart-base {
  stroke: #999;
  stroke-width: 1;
}
/* Last, so that it wins over the rules above that give an element its display. */
[hidden] {
  display: none;
}
/* From about 700 px, the chart stands beside the list of builds. */
@media (min-width: 44rem) {
  .history {
    grid-template-columns: minmax(0, 1fr) 16rem;
    align-items: start;
  }
  .chart-box {
    grid-column: 2;
    grid-row: 1;
  }
  .build-list {
    grid-column: 1;
    grid-row: 1;
  }
}
`;
