import { houseNumberFrom, type AddressDto, type AddressSuggestion } from '@mc/contracts';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';

/**
 * An address form's address search filling its house number: the number in the typed text fills the field (typing
 * on, 'הרצל 1' → 'הרצל 12', updates it; a number typed by hand stays), and a chosen suggestion fills both fields
 * (a street without a number moves the focus to the number, which is what is missing now). Answers the choosing.
 */
export function useAddressFill(form: UseFormReturn<AddressDto>, { validateTypedNumber = false } = {}) {
  const typed = form.watch('address');
  // The number last filled from the text.
  const filledNumber = useRef<string | undefined>(undefined);
  useEffect(() => {
    const number = houseNumberFrom(typed ?? '');
    const current = form.getValues('houseNumber');
    if (number && (!current || current === filledNumber.current)) {
      form.setValue('houseNumber', number, validateTypedNumber ? { shouldValidate: true } : undefined);
      filledNumber.current = number;
    }
  }, [typed, form, validateTypedNumber]);
  return (suggestion: AddressSuggestion) => {
    form.setValue('address', suggestion.address, { shouldDirty: true, shouldValidate: true });
    form.setValue('houseNumber', suggestion.houseNumber ?? '', { shouldDirty: true, shouldValidate: !!suggestion.houseNumber });
    filledNumber.current = suggestion.houseNumber;
    if (!suggestion.houseNumber) form.setFocus('houseNumber');
  };
}
