/** The QR feature's components that other features compose: chat mode shows the QR page in its language. */
export { default as QrView } from './QrView.tsx';
