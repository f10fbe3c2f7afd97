/** The decode worker of a configuration beyond QR codes: zxing's every-format reader (frame-worker.ts). */
import { answerFrames } from './frame-worker.ts';
import { multiFormatReader } from './zxing-decoder.ts';

answerFrames(self, multiFormatReader);
