import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe("the build's configuration", () => {
  // Astro loads astro.config.mjs with Node itself when it can. When Node refuses a module the config
  // imports (TypeScript syntax that is more than types, say), Astro loads it through a Vite module runner
  // instead and closes that runner once the config is read; an integration's import at the end of the
  // build (the postal data) then fails with "Vite module runner has been closed", and so does the build.
  it('loads with Node alone, everything it imports included', () => {
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('./astro.config.mjs')"],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).not.toMatch(/ERR_|Error/);
    expect(run.status).toBe(0);
  });
});
