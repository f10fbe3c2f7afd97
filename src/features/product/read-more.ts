/** <read-more>: unfolds and folds a long description (ReadMore.astro). */
import { define } from '../../lib/custom-element.ts';

class ReadMore extends HTMLElement {
  connectedCallback() {
    const button = this.querySelector<HTMLButtonElement>('button[aria-controls]');
    button?.addEventListener('click', () => {
      const open = !this.hasAttribute('data-open');
      this.toggleAttribute('data-open', open);
      button.setAttribute('aria-expanded', String(open));
      button.textContent = (open ? button.dataset.less : button.dataset.more) ?? '';
    });
  }
}

define('read-more', ReadMore);
