import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { astroCode } from './check-architecture.mjs';
import { bin, ROOT } from './lib.mjs';

describe('the architecture check reads an .astro file', () => {
  const source = `---
import Icon from '../../ui/Icon.astro';
const { title } = Astro.props;
---
<h1>{title}</h1>
<script type="application/json" data-x set:html={json} />
<script is:inline>document.title = 'x';</script>
<script>
  import { $bagCount } from './bag-store.ts';
</script>`;

  it('as its frontmatter and its bundled scripts, where its imports are', () => {
    const code = astroCode(source);
    expect(code).toContain("import Icon from '../../ui/Icon.astro';");
    expect(code).toContain("import { $bagCount } from './bag-store.ts';");
  });

  it('leaving out inline scripts and JSON data, which Astro does not bundle', () => {
    const code = astroCode(source);
    expect(code).not.toContain('document.title');
    expect(code).not.toContain('<h1>');
  });
});

describe('the dependency rules', () => {
  /** dependency-cruiser with this repository's rules over a small tree of the given files. */
  function violations(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'architecture-'));
    try {
      for (const [path, code] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), code);
      }
      for (const file of ['tsconfig.json', '.dependency-cruiser.cjs'])
        cpSync(join(ROOT, file), join(dir, file));
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const run = spawnSync(
        process.execPath,
        [bin('dependency-cruiser/bin/dependency-cruiser.mjs'), 'src', '--config', '.dependency-cruiser.cjs'],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
      );
      // Plain text whatever the terminal: colour codes would split the lines the tests read.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code
      return (run.stdout + run.stderr).replace(/\u001b\[[0-9;]*m/g, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("allow Astro's internals in src/engine/astro only, and keep the build engine above the features", () => {
    // A module of the fixture tree that reaches into Astro's runtime (spelled in parts: this file is no such
    // module itself).
    const runtime = ['astro', 'runtime', 'server', 'index.js'].join('/');
    const internal = `import { markHTMLString } from '${runtime}';\nexport const m = markHTMLString;\n`;
    const output = violations({
      'src/engine/astro/adapter.ts': internal,
      'src/lib/stray.ts': internal,
      'src/engine/pages/engine.ts': 'export const engine = 1;\n',
      'src/features/x/uses-engine.ts':
        "import { engine } from '../../engine/pages/engine.ts';\nexport const x = engine;\n",
    });
    expect(output).toMatch(/astro-internals-in-one-folder: src\/lib\/stray\.ts/);
    expect(output).not.toMatch(/src\/engine\/astro\/adapter\.ts/);
    expect(output).toMatch(/features-import-no-page: src\/features\/x\/uses-engine\.ts/);
  }, 60_000);
});
