/**
 * The address step: which shipment /address/{x}/ is for (both readings of x), and the address form
 * — its values, per-field messages (the shared rules first, then the server's 422 `fields`), postal-code
 * auto-fill, and a draft kept in sessionStorage so nothing typed is lost on an error or a reload.
 */
import { atom } from 'nanostores';
import { apiErrorDetails } from '../../lib/catalog/api-error.ts';
import {
  getOrder,
  getShipment,
  type Order,
  putShipmentAddress,
  type Shipment,
} from '../../lib/catalog/cart.ts';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';
import { formatPhone } from '../../lib/format/phone.ts';
import { addressCompleteHref } from '../../lib/mode-routes.ts';
import { isRecord, readStored, writeStored } from '../../lib/storage.ts';
import { addressMessages } from './address-messages.ts';
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressInput,
  postalDigits,
  validateAddressValues,
} from './address-rules.ts';
import { t } from './address-strings.ts';
import { addressTargetOfOrder, isAddressEditable } from './address-target.ts';
import { lookupPostal, postalFill } from './postal.ts';

type AddressValues = Record<AddressField, string>;

const EMPTY_ADDRESS: AddressValues = {
  postalCode: '',
  prefecture: '',
  city: '',
  street: '',
  building: '',
  name: '',
  nameKana: '',
  phone: '',
  deliveryDate: '',
  deliveryTimeSlot: '',
};

// ---------------------------------------------------------------------------------------------------------
// Which shipment
// ---------------------------------------------------------------------------------------------------------

export type AddressStep =
  | { kind: 'loading' }
  /** The form for one shipment. */
  | { kind: 'form'; shipment: Shipment }
  /** An order alias whose order has several shipments awaiting an address. */
  | { kind: 'choose'; order: Order; shipments: Shipment[] }
  /** An order alias whose order has no shipment awaiting an address. */
  | { kind: 'none'; order: Order }
  /** The shipment has left: its address can no longer change. */
  | { kind: 'closed'; shipment: Shipment }
  | { kind: 'error'; status: number };

export const $addressStep = atom<AddressStep>({ kind: 'loading' });

const statusOf = (error: unknown) => (error instanceof DataNotFoundError ? error.status : 0);

/**
 * A shipment alias, else an order alias: the shipment, or the order. Null when neither exists; throws when
 * the API could not be asked.
 */
async function shipmentOrOrder(alias: string): Promise<{ shipment: Shipment } | { order: Order } | null> {
  try {
    return { shipment: await getShipment(alias) };
  } catch (error) {
    markHandled(error);
    if (statusOf(error) !== 404) throw error;
  }
  try {
    return { order: await getOrder(alias) };
  } catch (error) {
    markHandled(error);
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

const errorStep = (error: unknown): AddressStep => {
  const status = statusOf(error);
  return { kind: 'error', status: status === 400 ? 404 : status };
};

/** Resolves /address/{alias}/ to the step to show, and opens the form when there is one. */
export async function resolveAddressStep(alias: string): Promise<void> {
  $addressStep.set({ kind: 'loading' });
  let found: Awaited<ReturnType<typeof shipmentOrOrder>>;
  try {
    found = await shipmentOrOrder(alias);
  } catch (error) {
    $addressStep.set(errorStep(error));
    return;
  }
  if (found === null) return $addressStep.set({ kind: 'error', status: 404 });
  if ('shipment' in found) {
    const { shipment } = found;
    if (!isAddressEditable(shipment)) return $addressStep.set({ kind: 'closed', shipment });
    openAddressForm(shipment);
    return $addressStep.set({ kind: 'form', shipment });
  }
  const { order } = found;
  const target = addressTargetOfOrder(order);
  if (target.kind === 'shipment') {
    openAddressForm(target.shipment);
    return $addressStep.set({ kind: 'form', shipment: target.shipment });
  }
  if (target.kind === 'choose')
    return $addressStep.set({ kind: 'choose', order, shipments: target.shipments });
  $addressStep.set({ kind: 'none', order });
}

export type CompletionView =
  | { kind: 'loading' }
  | { kind: 'ready'; orderAlias: string; shipments: Shipment[] }
  | { kind: 'error'; status: number };

export const $addressCompletion = atom<CompletionView>({ kind: 'loading' });

/** The completion page: the shipment's address (or, for an order alias, every shipment's). */
export async function loadCompletion(alias: string): Promise<void> {
  $addressCompletion.set({ kind: 'loading' });
  try {
    const found = await shipmentOrOrder(alias);
    if (found === null) return $addressCompletion.set({ kind: 'error', status: 404 });
    if ('shipment' in found) {
      return $addressCompletion.set({
        kind: 'ready',
        orderAlias: found.shipment.orderAlias,
        shipments: [found.shipment],
      });
    }
    $addressCompletion.set({
      kind: 'ready',
      orderAlias: found.order.orderAlias,
      shipments: found.order.shipments,
    });
  } catch (error) {
    const step = errorStep(error);
    $addressCompletion.set({ kind: 'error', status: step.kind === 'error' ? step.status : 0 });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------------------

export interface AddressFormState {
  shipmentAlias: string;
  values: AddressValues;
  errors: Partial<Record<AddressField, string>>;
  /** Counts refused submissions, so the view moves focus to the error summary each time. */
  attempt: number;
  submitting: boolean;
  /** A message for the whole form (the server could not be reached, the shipment has left). */
  formError: string | undefined;
  /** What the postal-code auto-fill last did. */
  postal: 'idle' | 'found' | 'several' | 'none';
}

export const $addressForm = atom<AddressFormState>({
  shipmentAlias: '',
  values: EMPTY_ADDRESS,
  errors: {},
  attempt: 0,
  submitting: false,
  formError: undefined,
  postal: 'idle',
});

const DRAFT_KEY = 'address-draft:v1';

interface Draft {
  shipmentAlias: string;
  values: AddressValues;
}

const isDraft = (value: unknown): value is Draft =>
  isRecord(value) &&
  typeof value.shipmentAlias === 'string' &&
  isRecord(value.values) &&
  ADDRESS_FIELDS.every((field) => typeof (value.values as Record<string, unknown>)[field] === 'string');

/**
 * What the form starts from: this tab's unsent draft, else the shipment's address, else empty. A masked
 * address (seen by anyone but the shopper's own session) is never a starting point: it would be sent back
 * with its hidden parts.
 */
function initialValues(shipment: Shipment): AddressValues {
  const draft = readStored<Draft | null>('session', DRAFT_KEY, isDraft, null);
  if (draft?.shipmentAlias === shipment.shipmentAlias) return { ...EMPTY_ADDRESS, ...draft.values };
  const address = shipment.address;
  if (!address || shipment.addressMasked) return EMPTY_ADDRESS;
  return {
    postalCode: address.postalCode,
    prefecture: address.prefecture,
    city: address.city,
    street: address.street,
    building: address.building ?? '',
    name: address.name,
    nameKana: address.nameKana,
    // Stored in E.164; a Japanese number is shown as the shopper wrote it.
    phone: formatPhone(address.phone),
    deliveryDate: address.deliveryDate ?? '',
    deliveryTimeSlot: address.deliveryTimeSlot ?? '',
  };
}

/** What auto-fill last wrote, so it only ever replaces its own text, never the shopper's. */
let autoFilled: Partial<Record<'prefecture' | 'city', string>> = {};

/** Opens the form for a shipment. */
export function openAddressForm(shipment: Shipment): void {
  autoFilled = {};
  $addressForm.set({
    shipmentAlias: shipment.shipmentAlias,
    values: initialValues(shipment),
    errors: {},
    attempt: 0,
    submitting: false,
    formError: undefined,
    postal: 'idle',
  });
}

function saveDraft(state: AddressFormState): void {
  writeStored('session', DRAFT_KEY, { shipmentAlias: state.shipmentAlias, values: state.values });
}

/** The values as the shared rules read them. */
const asInput = (values: AddressValues): AddressInput => values;

/** Records a field as typed; a field showing a message is checked again at once, so it clears when fixed. */
export function setAddressField(field: AddressField, value: string, now: number = Date.now()): void {
  const state = $addressForm.get();
  const values = { ...state.values, [field]: value };
  const errors = { ...state.errors };
  if (field in errors) {
    const result = validateAddressValues(asInput(values), now, addressMessages());
    const message = result.ok ? undefined : result.fields[field];
    if (message === undefined) delete errors[field];
    else errors[field] = message;
  }
  if (field === 'prefecture' || field === 'city') delete autoFilled[field];
  const next = { ...state, values, errors };
  $addressForm.set(next);
  saveDraft(next);
  if (field === 'postalCode') void autofill(value);
}

/** Fills prefecture and city from the postal code, where they are empty or still hold auto-filled text. */
async function autofill(typed: string): Promise<void> {
  const digits = postalDigits(typed);
  if (!digits) {
    if ($addressForm.get().postal !== 'idle') $addressForm.set({ ...$addressForm.get(), postal: 'idle' });
    return;
  }
  const entries = await lookupPostal(digits);
  const state = $addressForm.get();
  // The shopper typed on meanwhile, or the data could not be fetched: leave everything as it is.
  if (postalDigits(state.values.postalCode) !== digits || entries === null) return;
  const fill = postalFill(entries);
  const values = { ...state.values };
  const errors = { ...state.errors };
  for (const field of ['prefecture', 'city'] as const) {
    const text = fill[field];
    if (text === undefined) continue;
    if (values[field] !== '' && values[field] !== autoFilled[field]) continue;
    values[field] = text;
    autoFilled[field] = text;
    delete errors[field];
  }
  const next = { ...state, values, errors, postal: fill.kind };
  $addressForm.set(next);
  saveDraft(next);
}

export type SubmitResult = { ok: true; href: string } | { ok: false };

/** Checks the form, then sends it. On any refusal the values stay as typed and the messages show. */
export async function submitAddress(now: number = Date.now()): Promise<SubmitResult> {
  const state = $addressForm.get();
  if (state.submitting) return { ok: false };
  const checked = validateAddressValues(asInput(state.values), now, addressMessages());
  if (!checked.ok) {
    $addressForm.set({ ...state, errors: checked.fields, formError: undefined, attempt: state.attempt + 1 });
    return { ok: false };
  }
  $addressForm.set({ ...state, errors: {}, formError: undefined, submitting: true });
  try {
    await putShipmentAddress(state.shipmentAlias, checked.address);
    writeStored('session', DRAFT_KEY, undefined);
    $addressForm.set({ ...$addressForm.get(), submitting: false });
    return { ok: true, href: addressCompleteHref(state.shipmentAlias) };
  } catch (error) {
    markHandled(error);
    const { status, code, fields } = apiErrorDetails(error);
    const current = $addressForm.get();
    const known = Object.fromEntries(
      Object.entries(fields).filter(([field]) => (ADDRESS_FIELDS as readonly string[]).includes(field)),
    ) as Partial<Record<AddressField, string>>;
    let formError: string | undefined;
    if (status === 422 && Object.keys(known).length > 0) formError = undefined;
    else if (code === 'ALREADY_SHIPPED') formError = t('address.error.shipped');
    else formError = t('address.error.save');
    $addressForm.set({
      ...current,
      errors: known,
      formError,
      submitting: false,
      attempt: current.attempt + 1,
    });
    return { ok: false };
  }
}
