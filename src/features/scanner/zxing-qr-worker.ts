/** The decode worker of the default configuration: zxing's QR reader answering the page (frame-worker.ts). */
import { answerFrames } from './frame-worker.ts';
import { qrReader } from './zxing-qr.ts';

answerFrames(self, () => qrReader());
