/** The site's components that other features compose: the notification bar. */
export { NotificationBar } from './NotificationBar.tsx';
