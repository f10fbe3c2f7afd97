/**
 * The first-visit check every page runs (started by the layout's one page script): the pages that mark the
 * onboarding dialog seen at once (chat's, which carry no dialog, among them) mark it. The dialog itself
 * opens, for a visitor who has not seen it, as its page is parsed, not from here (onboarding-open.ts).
 */
import { markSeenAtOnce } from './onboarding-store.ts';

export function startOnboarding(): void {
  markSeenAtOnce(location.pathname);
}
