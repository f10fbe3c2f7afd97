/** The site feature's public entry: the notification bar's store, which other features tell things through. */
export { $notification, closeNotification, notify } from './notification-store.ts';
