const HEBREW_LETTER = '\\u05D0-\\u05EA';
const QUOTES = `'"\\u05F3\\u05F4`;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** 0, a digit, an optional digit, an optional dash, then 7 digits. */
export const PHONE_PATTERN = /^0\d\d?-?\d{7}$/;

/** Latin or Hebrew letters, spaces, geresh and quotes. */
export const NAME_PATTERN = new RegExp(`^[A-Za-z${HEBREW_LETTER} ${QUOTES}]+$`);

export const COUPON_PATTERN = /^[A-Za-z0-9_]+$/;

export const SMS_CODE_PATTERN = /^\d{6}$/;

const STREET = `[${HEBREW_LETTER}0-9 ${QUOTES}.\\-]*[${HEBREW_LETTER}][${HEBREW_LETTER}0-9 ${QUOTES}.\\-]*`;
const PLACE = `[${HEBREW_LETTER}][${HEBREW_LETTER} ${QUOTES}\\-]*`;

/** Street (Hebrew, may hold a house number), a comma, a city in Hebrew letters; Google may append more ", part"s. */
export const ADDRESS_PATTERN = new RegExp(`^\\s*${STREET}(?:,\\s*${PLACE})+$`);

/** Spec 5: the house number auto-filled from an address text whose street part holds one ('הרצל 12, חיפה' → '12'). */
export function houseNumberFrom(address: string): string | undefined {
  return address.split(',')[0].match(/\d+[א-ת]?/)?.[0];
}
