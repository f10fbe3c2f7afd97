import { astroCode } from './check-architecture.mjs';

describe('the architecture check reads an .astro file', () => {
  const source = `---
import Icon from '../../ui/Icon.astro';
const { title } = Astro.props;
---
<h1>{title}</h1>
<script type="application/json" data-x set:html={json} />
<script is:inline>document.title = 'x';</script>
<script>
  import { $bagCount } from './bag-count-store.ts';
</script>`;

  it('as its frontmatter and its bundled scripts, where its imports are', () => {
    const code = astroCode(source);
    expect(code).toContain("import Icon from '../../ui/Icon.astro';");
    expect(code).toContain("import { $bagCount } from './bag-count-store.ts';");
  });

  it('leaving out inline scripts and JSON data, which Astro does not bundle', () => {
    const code = astroCode(source);
    expect(code).not.toContain('document.title');
    expect(code).not.toContain('<h1>');
  });
});
