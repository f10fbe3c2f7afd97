/**
 * The question before a line leaves the bag, loaded when the shopper asks to remove one (BagView.tsx):
 * showing the bag does not need it.
 */
import { strings } from '../../i18n/index.ts';
import { remove } from '../../i18n/remove/part.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { LineView } from './bag-lines.ts';

// Its strings come with it: this chunk loads when the shopper asks to remove a line.
const t = await strings(remove);

export function RemoveDialog({
  line,
  onCancel,
  onConfirm,
}: {
  line: LineView;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onCancel}
      title={t('bag.remove.title')}
      size="sm"
      footer={
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            className="min-h-11 rounded border border-accent/60 px-4 hover:bg-neutral-50"
          >
            {t('bag.remove.cancel')}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className="min-h-11 rounded bg-primary px-4 font-bold text-white hover:bg-black"
          >
            {t('bag.remove.confirm')}
          </button>
        </div>
      }
    >
      <p className="text-sm">{t('bag.remove.body', { title: line.title })}</p>
    </Dialog>
  );
}
