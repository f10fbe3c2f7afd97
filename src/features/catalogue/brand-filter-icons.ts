/**
 * The brand filter's icons (mdi paths). The area page builds them at build time and passes them to its island
 * as a prop, like the strings: an island importing @mdi/js itself loads the icon chunk that the islands share
 * (Rolldown keeps a module's used exports in one chunk), most of it other islands' icons.
 */
import { mdiChevronDown, mdiOpenInNew } from '@mdi/js';

export interface BrandFilterIcons {
  /** Beside the filter's title: turns over when the filter is open. */
  open: string;
  /** Beside a selected brand's official-site link. */
  newTab: string;
}

export function brandFilterIcons(): BrandFilterIcons {
  return { open: mdiChevronDown, newTab: mdiOpenInNew };
}
