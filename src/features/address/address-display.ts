/** How a delivery address reads on the order, address and completion pages. */

import { formatPhone } from '../../lib/format/phone.ts';
import type { ShipmentAddress, TimeSlot } from './address-rules.ts';
import { t } from './address-strings.ts';

const SLOT_LABELS: Record<TimeSlot, string> = {
  morning: t('address.slot.morning'),
  '14-16': t('address.slot.14-16'),
  '16-18': t('address.slot.16-18'),
  '18-20': t('address.slot.18-20'),
  '19-21': t('address.slot.19-21'),
};

/** `午前中`, `14時〜16時`… */
export function timeSlotLabel(slot: TimeSlot): string {
  return SLOT_LABELS[slot];
}

/** The address as lines: 〒, the address itself, the name, the phone (with hyphens), any wished date and slot. */
export function addressLines(address: ShipmentAddress): string[] {
  const lines = [
    `〒${address.postalCode}`,
    `${address.prefecture}${address.city}${address.street}${address.building ? ` ${address.building}` : ''}`,
    address.nameKana ? `${address.name}（${address.nameKana}）` : address.name,
    formatPhone(address.phone),
  ];
  const wish = [
    address.deliveryDate ? t('address.dateLabel', { date: address.deliveryDate }) : '',
    address.deliveryTimeSlot ? t('address.slotLabel', { slot: timeSlotLabel(address.deliveryTimeSlot) }) : '',
  ].filter(Boolean);
  if (wish.length > 0) lines.push(wish.join(' '));
  return lines;
}
