/**
 * How a line's のし reads as the store prints it, 「外のし・御歳暮・名入れ 山田」: the counter's screen, the
 * bag, the confirmation, the QR and order pages say it so, in every language. Its rules are in
 * src/features/bag/gift-rules.ts.
 */
import type { Noshi } from './catalog/types.ts';

/** The placement as printed: 内のし under the wrapping paper, 外のし over it. */
const PLACEMENT_PRINTED: Record<Noshi['placement'], string> = { inside: '内のし', outside: '外のし' };

/** The のし as the store prints it and the counter reads it. */
export function noshiPrinted(noshi: Noshi): string {
  const parts = [PLACEMENT_PRINTED[noshi.placement], noshi.title];
  if (noshi.name) parts.push(`名入れ ${noshi.name}`);
  return parts.join('・');
}
