/**
 * The notification bar over the `$notification` store: it closes after its timeout, pauses while
 * hovered or focused, closes on a vertical swipe over 50 px, and has a close button. A polite live region
 * announces each message.
 */

import { mdiAlertCircleOutline, mdiCheckCircleOutline, mdiInformationOutline } from '@mdi/js';
import { useRef } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { t } from '../../ui/shared-strings.ts';
import { useStoreValue } from '../../ui/use-store.ts';
import {
  $notification,
  closeNotification,
  isCloseSwipe,
  pauseNotification,
  resumeNotification,
} from './notification-store.ts';

const ICONS = { info: mdiInformationOutline, success: mdiCheckCircleOutline, error: mdiAlertCircleOutline };

export function NotificationBar() {
  const notification = useStoreValue($notification);
  const startY = useRef<number | null>(null);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {notification && (
        <section
          key={notification.id}
          aria-label={t('notify.region')}
          data-testid="notification"
          data-tone={notification.tone}
          className={`pointer-events-auto flex w-full max-w-lg touch-pan-x items-start gap-2 rounded-lg border bg-white py-2 pl-3 pr-1 text-sm text-primary shadow-lg ${notification.tone === 'error' ? 'border-error' : 'border-accent/40'}`}
          onMouseEnter={() => pauseNotification('hover')}
          onMouseLeave={() => resumeNotification('hover')}
          onFocus={() => pauseNotification('focus')}
          onBlur={() => resumeNotification('focus')}
          onPointerDown={(event) => {
            startY.current = event.clientY;
          }}
          onPointerUp={(event) => {
            if (startY.current !== null && isCloseSwipe(startY.current, event.clientY)) closeNotification();
            startY.current = null;
          }}
          onPointerCancel={() => {
            startY.current = null;
          }}
        >
          <Icon
            path={ICONS[notification.tone]}
            size={20}
            className={`mt-1.5 shrink-0 ${notification.tone === 'error' ? 'text-error' : 'text-secondary'}`}
          />
          <p className="flex-1 py-1.5 leading-relaxed">{notification.message}</p>
          <button
            type="button"
            onClick={() => closeNotification()}
            className="flex h-11 min-w-11 shrink-0 items-center justify-center rounded text-secondary hover:bg-neutral-100"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
            <span className="sr-only">{t('notify.close')}</span>
          </button>
        </section>
      )}
    </div>
  );
}
