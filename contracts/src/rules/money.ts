/** Prices are integer agorot in the database and shekels in the API. */
export function agorotToShekels(agorot: number): number {
  return Math.round(agorot) / 100;
}

/** Rounds to the nearest agora; toPrecision absorbs float noise such as 19.99 * 100 = 1998.9999999999998. */
export function shekelsToAgorot(shekels: number): number {
  return Math.round(Number((shekels * 100).toPrecision(12)));
}

const WHOLE = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 });
const FRACTIONAL = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * '₪150', '₪150.50', '₪1,250'. The sign leads the number with no space: as a currency
 * symbol it stays glued to the digits in right-to-left text, the way Israeli shops print prices.
 */
export function formatShekels(amount: number): string {
  const agorot = shekelsToAgorot(Math.abs(amount));
  const digits = agorot % 100 === 0 ? WHOLE.format(agorot / 100) : FRACTIONAL.format(agorot / 100);
  return `${amount < 0 && agorot > 0 ? '-' : ''}₪${digits}`;
}

/** Local Israeli numbers (0…) become +972…; separators are dropped. */
export function toInternationalPhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return digits.startsWith('0') ? `+972${digits.slice(1)}` : digits;
}
