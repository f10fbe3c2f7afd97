// The editor page, kept current while a build runs: asks /editor/status.json every 2 s and rewrites the
// status line (a polite live region) and the list of builds. Text only (textContent), never markup.
const POLL_MS = 2000;
const status = document.getElementById('status');
const list = document.getElementById('builds');

function render(body) {
  if (status.textContent !== body.status.message) status.textContent = body.status.message;
  status.className = `status status--${body.status.tone}`;
  status.dataset.busy = String(body.busy);
  document.getElementById('no-builds')?.remove();
  const items = body.builds.map((build) => {
    const item = document.createElement('li');
    item.className = `build build--${build.outcome}`;
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

if (status && list && status.dataset.busy === 'true') setTimeout(poll, POLL_MS);
