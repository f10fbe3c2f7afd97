/** The order the catalogue's pages list the store areas in. */
import type { Area } from '../../lib/catalog/types.ts';

/** Areas in BASE A–D order. */
export function sortAreas(areas: readonly Area[]): Area[] {
  return [...areas].sort((a, b) => a.place.localeCompare(b.place) || a.id - b.id);
}
