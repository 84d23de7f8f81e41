import { ADDRESS_PATTERN, AddressDto, formatShekels, GRAMS_PER_ITEM, Messages, type Address, type PharmQuote } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useId, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { AddressCombobox } from '../../kit/forms/AddressCombobox';
import { useAddressFill } from '../../kit/forms/use-address-fill';
import { TextField } from '../../kit/forms/TextField';
import { Shekels } from '../../kit/ui/Price';
import { heCheckout } from '../he-checkout';
import type { QuoteRequest } from '../queries/checkout-api';

export type ShipmentChoice = 'pickup' | 'delivery';
/** Where the delivered pharmacies' orders go: a saved address, or the new-address form. */
export type AddressChoice = { kind: 'saved'; id: number } | { kind: 'new' };

export interface CheckoutPharm {
  slug: string;
  name: string;
}

const toNumber = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
};

/**
 * The quote request of the choices made, or null while one is missing: a pharmacy with neither pickup nor delivery,
 * or a new address that does not yet have the street-and-city form and a house number.
 */
export function quoteRequest(
  pharms: readonly CheckoutPharm[],
  choices: Readonly<Record<string, ShipmentChoice>>,
  address: AddressChoice,
  newAddress: Partial<AddressDto>,
  couponCodes: string[],
): QuoteRequest | null {
  if (!pharms.length || pharms.some((p) => !choices[p.slug])) return null;
  const selectedPickup = pharms.filter((p) => choices[p.slug] === 'pickup').map((p) => p.slug);
  if (selectedPickup.length === pharms.length) return { couponCodes, selectedPickup };
  if (address.kind === 'saved') return { couponCodes, selectedPickup, shippingAddress: { addressId: address.id } };
  const text = (newAddress.address ?? '').trim();
  const houseNumber = String(newAddress.houseNumber ?? '').trim();
  if (!ADDRESS_PATTERN.test(text) || !houseNumber) return null;
  const floor = toNumber(newAddress.floor);
  const apartment = toNumber(newAddress.apartment);
  return {
    couponCodes,
    selectedPickup,
    shippingAddress: { address: text, houseNumber, ...(floor !== undefined ? { floor } : {}), ...(apartment !== undefined ? { apartment } : {}) },
  };
}

const addressText = (a: Address) =>
  [a.address, a.floor != null ? `${heCheckout.floor} ${a.floor}` : '', a.apartment != null ? `${heCheckout.apartment} ${a.apartment}` : ''].filter(Boolean).join(', ');

/** The new-address fields (the settings address form's): the address search fills the house number. */
function NewAddressFields({ form }: { form: UseFormReturn<AddressDto> }) {
  const choose = useAddressFill(form, { validateTypedNumber: true });
  return (
    <div className="checkout-new-address">
      <AddressCombobox form={form} onChoose={choose} />
      <TextField form={form} name="houseNumber" label={heCheckout.houseNumber} />
      <TextField form={form} name="floor" label={heCheckout.floor} type="number" />
      <TextField form={form} name="apartment" label={heCheckout.apartment} type="number" />
    </div>
  );
}

/** One pharmacy's shipping answer and, for a reject, its ways out (spec 8). */
function PharmShipping({ pharm, quote, onPickup, onEditAddress, onRetry }: {
  pharm: CheckoutPharm;
  quote: PharmQuote;
  onPickup: () => void;
  onEditAddress: () => void;
  onRetry: () => void;
}) {
  const { shipping } = quote;
  if (quote.pickup) return <p className="checkout-shipping">{heCheckout.pickupFrom}</p>;
  if (shipping.status === 'matched') {
    return (
      <p className="checkout-shipping">
        {heCheckout.shippingPrice}: {shipping.price === 0 ? heCheckout.freeShipping : <Shekels amount={shipping.price} />}
      </p>
    );
  }
  const name = shipping.rejectPayload?.pharmName ?? pharm.name;
  const pickup = (
    <button type="button" className="button button-secondary" onClick={onPickup}>
      {heCheckout.choosePickup}
    </button>
  );
  const edit = (label: string = heCheckout.editAddress) => (
    <button type="button" className="button button-secondary" onClick={onEditAddress}>
      {label}
    </button>
  );
  let text: string;
  let actions;
  switch (shipping.rejectCode) {
    case 'ShipmentNoMatch':
      text = heCheckout.rejectNoMatch(name);
      actions = <>{pickup}{edit()}</>;
      break;
    case 'ShippingMinPricing': {
      const min = shipping.rejectPayload?.minPricing;
      text = min?.quantityType === 'min-items-count'
        ? heCheckout.rejectMinItems(name, min.quantity * GRAMS_PER_ITEM)
        : heCheckout.rejectMinPrice(name, formatShekels(min?.quantity ?? 0));
      actions = (
        <>
          <Link className="button button-secondary" to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }}>
            {heCheckout.addProducts}
          </Link>
          {pickup}
          {edit()}
        </>
      );
      break;
    }
    case 'AddressNotFound':
      text = heCheckout.rejectAddressNotFound;
      actions = (
        <>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {heCheckout.tryAgain}
          </button>
          {edit(heCheckout.otherAddress)}
        </>
      );
      break;
    default:
      text = Messages.shippingUnavailable;
      actions = (
        <>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {heCheckout.tryAgain}
          </button>
          {pickup}
        </>
      );
  }
  return (
    <div className="checkout-reject" role="alert">
      <p className="form-error">{text}</p>
      <div className="checkout-reject-actions">{actions}</div>
    </div>
  );
}

/**
 * Step 2: pickup or delivery per pharmacy of the cart ('חובה לבחור איסוף עצמי / משלוח' until chosen); with a
 * delivery, the saved addresses or a new one; each pharmacy's shipping answer from the quote.
 */
export function ShipmentStep({ pharms, choices, onChoose, addresses, address, onAddress, addressForm, quotes, onRetry, addressRef }: {
  pharms: readonly CheckoutPharm[];
  choices: Readonly<Record<string, ShipmentChoice>>;
  onChoose: (slug: string, choice: ShipmentChoice) => void;
  addresses: readonly Address[];
  address: AddressChoice;
  onAddress: (choice: AddressChoice) => void;
  addressForm: UseFormReturn<AddressDto>;
  quotes: readonly PharmQuote[] | null;
  onRetry: () => void;
  addressRef: RefObject<HTMLFieldSetElement | null>;
}) {
  const id = useId();
  const delivering = pharms.some((p) => choices[p.slug] === 'delivery');
  const editAddress = () => {
    if (address.kind === 'new') addressForm.setFocus('address');
    else addressRef.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  };
  return (
    <div className="checkout-shipment">
      {pharms.map((pharm, index) => {
        const choice = choices[pharm.slug];
        const errorId = `${id}-${index}-error`;
        const quote = quotes?.find((q) => q.pharmSlug === pharm.slug);
        return (
          <fieldset key={pharm.slug} className="checkout-pharm" aria-describedby={choice ? undefined : errorId} data-pharm={pharm.slug}>
            <legend>{heCheckout.pharmShipment(pharm.name)}</legend>
            <div className="checkout-radios">
              {(['pickup', 'delivery'] as const).map((option) => (
                <label key={option} className="form-check">
                  <input
                    type="radio"
                    name={`${id}-${index}`}
                    value={option}
                    checked={choice === option}
                    aria-invalid={choice ? undefined : true}
                    onChange={() => onChoose(pharm.slug, option)}
                  />
                  {option === 'pickup' ? heCheckout.pickup : heCheckout.delivery}
                </label>
              ))}
            </div>
            {!choice && (
              <p id={errorId} className="form-error">
                {Messages.chooseShipping}
              </p>
            )}
            {choice && quote && (
              <PharmShipping
                pharm={pharm}
                quote={quote}
                onPickup={() => onChoose(pharm.slug, 'pickup')}
                onEditAddress={editAddress}
                onRetry={onRetry}
              />
            )}
          </fieldset>
        );
      })}
      {delivering && (
        <fieldset ref={addressRef} className="checkout-address">
          <legend>{heCheckout.deliveryAddress}</legend>
          {addresses.map((a) => (
            <label key={a.id} className="form-check">
              <input
                type="radio"
                name={`${id}-address`}
                checked={address.kind === 'saved' && address.id === a.id}
                onChange={() => onAddress({ kind: 'saved', id: a.id })}
              />
              <bdi>{addressText(a)}</bdi>
            </label>
          ))}
          {addresses.length > 0 && (
            <label className="form-check">
              <input type="radio" name={`${id}-address`} checked={address.kind === 'new'} onChange={() => onAddress({ kind: 'new' })} />
              {heCheckout.newAddress}
            </label>
          )}
          {address.kind === 'new' && <NewAddressFields form={addressForm} />}
        </fieldset>
      )}
    </div>
  );
}

/** Step 2 as a card, with the quote's failure (and its retry) under the choices. */
export function ShipmentSection({ headingRef, failure, ...step }: Parameters<typeof ShipmentStep>[0] & {
  headingRef: RefObject<HTMLHeadingElement | null>;
  failure: string | null;
}) {
  return (
    <section className="card checkout-step" aria-labelledby="checkout-shipment-title">
      <h2 id="checkout-shipment-title" ref={headingRef} tabIndex={-1}>
        {heCheckout.shipmentStep}
      </h2>
      <ShipmentStep {...step} />
      {failure !== null && (
        <div className="checkout-reject" role="alert">
          <p className="form-error">{failure}</p>
          <button type="button" className="button button-secondary" onClick={step.onRetry}>
            {heCheckout.tryAgain}
          </button>
        </div>
      )}
    </section>
  );
}
