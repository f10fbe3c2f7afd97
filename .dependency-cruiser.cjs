/**
 * The direction of dependency in src/, checked by `npm run lint:architecture` (part of `npm test`):
 *
 *   pages, layouts, engine → features → ui → lib → i18n
 *
 * src/engine is the build engine (the catalogue's load, the page pack, the files written beside the pages,
 * the Astro adapters); pages may read the build's catalogue from it, nothing below them may. Only
 * src/engine/astro may reach inside Astro (its runtime, astro/dist); each such reach has a test there that
 * fails when an Astro upgrade changes it.
 *
 * A layer may import the layers to its right, never to its left; a feature reaches another feature only
 * through that feature's public entry (index.ts for its rules and stores, components.ts for the components
 * it lends); no import cycle anywhere. docs/architecture.md explains the layers.
 *
 * dependency-cruiser cannot read .astro files, so scripts/tools/check-architecture.mjs runs it over a mirror
 * of src/ in which each .astro file is a .astro.ts holding its frontmatter and its bundled <script>s.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle: split the shared part into its own module.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'i18n-is-the-bottom',
      comment: 'src/i18n holds strings only and imports nothing else of src/.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/', pathNot: '^src/i18n/' },
    },
    {
      name: 'lib-imports-only-lib-and-i18n',
      comment: 'src/lib is cross-cutting: it knows no feature, no ui and no page.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|ui|pages|layouts|engine)/' },
    },
    {
      name: 'ui-imports-no-feature',
      comment: 'src/ui is presentational: it takes data as props and knows no feature.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(features|pages|layouts|engine)/' },
    },
    {
      name: 'features-import-no-page',
      comment: 'A feature never reaches up to a page, a layout or the build engine.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(pages|layouts|engine)/' },
    },
    {
      name: 'layouts-import-no-page',
      comment: 'A layout composes features and ui; the build engine and the pages are above it.',
      severity: 'error',
      from: { path: '^src/layouts/' },
      to: { path: '^src/(pages|engine)/' },
    },
    {
      name: 'build-imports-no-page',
      comment: 'The build engine serves the pages; it never imports one.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/(pages|layouts)/' },
    },
    {
      name: 'astro-internals-in-one-folder',
      comment:
        "Astro's internals (astro/runtime/*, astro/compiler-runtime, astro/dist/*) change without notice " +
        'between versions: only src/engine/astro may import them, each reach covered by a test there.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/engine/astro/' },
      // Matched by specifier where the package's export map leaves it unresolved, and by resolved path.
      to: { path: '^(astro/(runtime|compiler-runtime|dist)(/|$)|node_modules/astro/dist/runtime/)' },
    },
    {
      name: 'feature-through-public-entry',
      comment:
        "A feature reaches another only through that feature's index.ts (rules, stores) or components.ts " +
        '(components it lends); anything else is its own business.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/(index|components)\\.ts$'],
      },
    },
    {
      name: 'one-door-to-the-catalog-api',
      comment: 'Only src/lib/catalog talks to the catalog API (the typed client and its fetch wrapper).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/lib/catalog/' },
      to: { path: '^node_modules/openapi-fetch/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The mirror reaches node_modules through a symlink: keep its paths as they are written.
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
