/**
 * What the panel under the camera says for a state of the scanner's screen (scanner-store.ts): a message
 * in the instructions' place (the camera's failure, else why a code is not opened) with a way forward, or
 * the instructions' status line (checking, found, paused, starting, the hint).
 */
import { fill } from './fill.ts';
import type { ScannerMessages } from './scanner-messages.ts';
import type { ScannerScreen } from './scanner-store.ts';

/** A message in the panel: its title, its text, the label of trying again (when it can help). */
export interface ScannerAlert {
  title: string;
  text: string;
  again?: string | undefined;
  /** What was refused, on the text (`data-scanner-refusal`): a refusal's reason, or `check`. */
  refusal?: string;
}

/** The message in the instructions' place, or null when the instructions show. */
export function scannerAlert(screen: ScannerScreen, messages: ScannerMessages): ScannerAlert | null {
  const { error, result } = screen;
  if (error) {
    return {
      title: messages.errorTitle,
      text: messages[`error.${error}`],
      // Trying again cannot give a page security, a camera API or a camera.
      again:
        error === 'insecure-context' || error === 'no-stream-api' || error === 'no-camera'
          ? undefined
          : messages.retry,
    };
  }
  if (result.kind === 'refused') {
    return {
      title: messages.refusedTitle,
      text: fill(messages[`refused.${result.reason}`], {
        host: result.shown,
        text: result.shown,
      }),
      again: messages.scanAgain,
      refusal: result.reason,
    };
  }
  if (result.kind === 'check-failed') {
    return {
      title: messages.refusedTitle,
      text: messages.checkFailed,
      again: messages.scanAgain,
      refusal: 'check',
    };
  }
  return null;
}

/** The status line under the instructions. */
export function scannerStatus(screen: ScannerScreen, messages: ScannerMessages): string {
  const { result } = screen;
  if (result.kind === 'checking') return messages.checking;
  if (result.kind === 'found') return messages.found;
  if (screen.paused) return messages.paused;
  return screen.camera === 'started' && !screen.ready ? messages.starting : messages.hint;
}
