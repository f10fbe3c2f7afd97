/**
 * The qrcode package's SVG writer as a module of its own: qr-render.ts loads it by URL on the QR page.
 * Built apart, it carries its own CommonJS helper (qrcode is CommonJS), so the bundler's helper file
 * is React's alone and goes into React's file on every React page.
 */
import QRCode from 'qrcode';

export const { toString } = QRCode;
