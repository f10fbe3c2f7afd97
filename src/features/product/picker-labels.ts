/**
 * The variant picker's words (PickerLabels) as a product page carries them, in Japanese: the same on every
 * product page of a build, so they are looked up and written as JSON once per build instead of once per page.
 */
import { t } from '../../i18n/build-time.ts';
import { jsonScriptText } from '../../lib/custom-element.ts';
import type { PickerLabels } from './variant-picker.ts';

let made: { labels: PickerLabels; json: string } | undefined;

/** The labels, and the text of the page's `<script type="application/json" data-labels>`. */
export function pickerLabels(): { labels: PickerLabels; json: string } {
  if (made) return made;
  const labels: PickerLabels = {
    noCombination: t('product.noCombination'),
    soldOut: t('product.soldOut'),
    stockInShop: t('product.stockInShop'),
    stockInShopNone: t('product.stockInShopNone'),
    adding: t('product.adding'),
    priceChanged: t('product.priceChanged'),
    added: t('product.added'),
    viewBag: t('product.viewBag'),
    errors: {
      outOfStock: t('product.error.outOfStock'),
      exceedsStock: t('product.error.exceedsStock'),
      qtyLimit: t('product.error.qtyLimit'),
      bagFull: t('product.error.bagFull'),
      tooMany: t('product.error.tooMany'),
      gone: t('product.error.gone'),
      network: t('product.error.network'),
      failed: t('product.error.failed'),
    },
  };
  made = { labels, json: jsonScriptText(labels) };
  return made;
}
