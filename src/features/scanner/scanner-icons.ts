/**
 * The scanner's icons (mdi paths). A page builds them at build time and passes them to its island as a
 * prop, like the strings: an island importing @mdi/js itself would add these paths to the icon chunk that
 * every other island page loads (Rolldown keeps a module's used exports in one chunk).
 */
import { mdiCameraFlipOutline, mdiClose, mdiPause, mdiPlay } from '@mdi/js';

export interface ScannerIcons {
  close: string;
  pause: string;
  resume: string;
  switchCamera: string;
}

export function scannerIcons(): ScannerIcons {
  return { close: mdiClose, pause: mdiPause, resume: mdiPlay, switchCamera: mdiCameraFlipOutline };
}
