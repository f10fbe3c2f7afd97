// @vitest-environment happy-dom
import { mdiHeart, mdiShoppingOutline } from '@mdi/js';
import { renderToString } from 'react-dom/server';
import { domTree } from './dom-tree.ts';
import { Icon } from './Icon.tsx';
import { iconHtml } from './icon-html.ts';

describe('an icon', () => {
  it('is the same DOM tree from the React component and from the markup writer the pages use', () => {
    const cases = [
      { path: mdiShoppingOutline },
      { path: mdiHeart, label: 'お気に入り', size: 20, className: 'text-error' },
      { path: mdiHeart, label: '"A" & <B>', className: 'h-5 w-5' },
    ];
    for (const { className, ...props } of cases) {
      const react = renderToString(<Icon {...props} {...(className ? { className } : {})} />);
      const written = iconHtml({ ...props, ...(className ? { class: className } : {}) });
      expect(domTree(written), JSON.stringify(props)).toBe(domTree(react));
    }
  });
});
