// Summary of a V8 CPU profile (`node --cpu-prof`, e.g. of `astro build`): where the samples fall, by package
// or source folder (self time) and by function (self and inclusive time); or of a sampling heap profile
// (`node --heap-prof`): the bytes still allocated when it was written, by package and by function. So a
// build's profile can be written down in docs/performance.md. "Charged to" answers whose work a sample
// was: Node's own code and native calls count for the nearest package or project code that called them
// (Astro's file writes for Astro, a page's snapshot read for the project).
//
//   node scripts/bench/cpu-profile.mjs PROFILE.cpuprofile|PROFILE.heapprofile [--top 25]
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/** The package (`node_modules/x`) or project folder (`src/lib`) a script URL belongs to. */
export function owner(url) {
  if (!url) return '(native / GC / idle)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules.at(-1).replace('node_modules/', '');
  const project = url.match(/\/(src\/[^/]+(?:\/[^/]+)?|dist\/server|\.prerender|scripts\/[^/]+)\//);
  if (project) return project[1];
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^file:\/\//, '').slice(-60);
}

/** The profile's nodes by id, and each node's parent id. */
function tree(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  return { byId, parent };
}

/**
 * Who a frame's code belongs to when charging time: a package, this project, or null for Node's own code
 * and native calls (charged to their caller). In the prerender bundle Astro's runtime is in its own
 * chunks (server_*, prerender-entry*, astro-component_*); every other chunk is the project's pages and
 * components.
 */
export function party(url) {
  if (!url || url.startsWith('node:')) return null;
  if (/\.prerender\/(chunks\/(server|astro-component|astro)_|prerender-entry)/.test(url)) return 'astro';
  if (url.includes('/.prerender/')) return 'this project (pages and components)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules.at(-1).replace('node_modules/', '');
  if (/\/(src|scripts)\//.test(url)) return 'this project';
  return null;
}

/** Self milliseconds of every sample, charged to the nearest party on its stack (see `party`). */
export function chargedTo(profile) {
  const { byId, parent } = tree(profile);
  const charged = new Map();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const leaf = byId.get(id).callFrame.functionName;
    let who = ['(idle)', '(program)', '(garbage collector)'].includes(leaf) ? leaf : null;
    for (let at = id; who === null && at !== undefined; at = parent.get(at))
      who = party(byId.get(at).callFrame.url);
    who ??= '(Node or native, no package on the stack)';
    charged.set(who, (charged.get(who) ?? 0) + ms);
  });
  return [...charged.entries()].sort((a, b) => b[1] - a[1]);
}

/** Self and inclusive milliseconds per function and self milliseconds per owner. */
export function summarise(profile) {
  const { byId, parent } = tree(profile);
  const selfMs = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, index) => {
    const ms = (deltas[index + 1] ?? 0) / 1000;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  });
  const fnKey = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${owner(url)}:${lineNumber + 1}`;
  };
  const self = new Map();
  const inclusive = new Map();
  const owners = new Map();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    const key = fnKey(node);
    self.set(key, (self.get(key) ?? 0) + ms);
    const who = ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName)
      ? node.callFrame.functionName
      : owner(node.callFrame.url);
    owners.set(who, (owners.get(who) ?? 0) + ms);
    // Each function on the stack once, however deep its recursion.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const k = fnKey(byId.get(at));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  }
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { total, owners: sorted(owners), self: sorted(self), inclusive: sorted(inclusive) };
}

/** Bytes of a sampling heap profile by owner and by function (self size of the allocation sites). */
export function summariseHeap(profile) {
  const owners = new Map();
  const self = new Map();
  let total = 0;
  const visit = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    if (node.selfSize) {
      total += node.selfSize;
      const who = owner(url);
      owners.set(who, (owners.get(who) ?? 0) + node.selfSize);
      const key = `${functionName || '(anonymous)'} ${who}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(profile.head);
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { total, owners: sorted(owners), self: sorted(self) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: node scripts/bench/cpu-profile.mjs PROFILE [--top 25]');
  const top = rest.includes('--top') ? Number(rest[rest.indexOf('--top') + 1]) : 25;
  if (file.endsWith('.heapprofile')) {
    const { total, owners, self } = summariseHeap(JSON.parse(await readFile(file, 'utf8')));
    const mb = ([name, bytes]) => `  ${(bytes / 2 ** 20).toFixed(1).padStart(8)} MB  ${name}`;
    console.log(`${(total / 2 ** 20).toFixed(1)} MB sampled as live\n\nBy package or folder:`);
    console.log(owners.slice(0, top).map(mb).join('\n'));
    console.log('\nBy allocating function:');
    console.log(self.slice(0, top).map(mb).join('\n'));
    process.exit(0);
  }
  const profile = JSON.parse(await readFile(file, 'utf8'));
  const { total, owners, self, inclusive } = summarise(profile);
  const line = ([name, ms]) =>
    `  ${(ms / 1000).toFixed(1).padStart(7)} s ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`;
  console.log(`${(total / 1000).toFixed(1)} s sampled\n\nSelf time by package or folder:`);
  console.log(owners.slice(0, top).map(line).join('\n'));
  console.log(
    '\nCharged to (Node and native calls counted for the nearest package or project code calling them):',
  );
  console.log(chargedTo(profile).slice(0, top).map(line).join('\n'));
  console.log('\nSelf time by function:');
  console.log(self.slice(0, top).map(line).join('\n'));
  console.log('\nInclusive time by function:');
  console.log(
    inclusive
      .slice(0, top * 2)
      .map(line)
      .join('\n'),
  );
}
