/** The address step's public entry: whether a shipment's address can still be given or corrected. */
export { isAddressEditable } from './address-target.ts';
