import {
  ADDRESS_PATTERN,
  COUPON_PATTERN,
  houseNumberFrom,
  EMAIL_PATTERN,
  NAME_PATTERN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from './patterns';

const cases: [string, RegExp, string[], string[]][] = [
  [
    'EMAIL_PATTERN',
    EMAIL_PATTERN,
    ['a@b.co', 'dana.levi+tag@mail.example.org', 'x_y@sub.domain.IL'],
    ['', 'plain', 'a@b', 'a@b.c', 'a@b.c1', 'a b@c.com', '@b.com', 'a@@b.com', 'a@b.com '],
  ],
  [
    'PHONE_PATTERN',
    PHONE_PATTERN,
    ['0501234567', '050-1234567', '031234567', '03-1234567', '0771234567'],
    ['', '501234567', '1501234567', '05012345678', '050--1234567', '050 1234567', '+972501234567', '05a1234567', '0-1234567'],
  ],
  [
    'NAME_PATTERN',
    NAME_PATTERN,
    ['Dana', 'דנה', 'בן דוד', "O'Brien", 'ז׳קלין', 'צה״ל', 'Mary "May"', 'שמעון Peres'],
    ['', 'Dana1', 'דנה!', 'a-b', 'a.b', 'Zoë', 'Иван'],
  ],
  [
    'COUPON_PATTERN',
    COUPON_PATTERN,
    ['EASY_AB12CD34', 'summer2025', '_'],
    ['', 'EASY-1', 'קופון', 'A B', 'EASY!'],
  ],
  ['SMS_CODE_PATTERN', SMS_CODE_PATTERN, ['123456', '000000'], ['', '1234', '12345', '1234567', '12a456', ' 123456']],
  [
    'ADDRESS_PATTERN',
    ADDRESS_PATTERN,
    [
      'שדרות רוטשילד, תל אביב',
      'הרצל 12, ראשון לציון',
      'רח׳ הנביאים 3,ירושלים',
      'שד\' ירושלים 5, תל אביב-יפו, ישראל',
      'בן יהודה 10 , חיפה',
    ],
    ['', 'שדרות רוטשילד', 'שדרות רוטשילד תל אביב', 'Rothschild Blvd, Tel Aviv', 'שדרות רוטשילד, Tel Aviv', ', תל אביב', '12, תל אביב', 'הרצל 12, 5'],
  ],
];

describe.each(cases)('%s', (_name, pattern, good, bad) => {
  it.each(good)('accepts %j', (value) => expect(pattern.test(value)).toBe(true));
  it.each(bad)('rejects %j', (value) => expect(pattern.test(value)).toBe(false));
});

describe('houseNumberFrom', () => {
  it.each([
    ['הרצל 12, חיפה', '12'],
    ['שדרות רוטשילד 7א, תל אביב', '7א'],
    ['רחוב 5 מס 30, באר שבע', '5'],
    ['הרצל, חיפה 3', undefined],
    ['הרצל, חיפה', undefined],
  ])('%s → %s', (address, expected) => {
    expect(houseNumberFrom(address)).toBe(expected);
  });
});
