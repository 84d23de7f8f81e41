/** Israeli identity number: up to 9 digits, left-padded to 9, Luhn-style weights 1,2,1,2… */
export function isValidIsraeliId(value: string): boolean {
  if (!/^\d{1,9}$/.test(value)) return false;
  const digits = value.padStart(9, '0');
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    total += product > 9 ? product - 9 : product;
  }
  return total % 10 === 0;
}
