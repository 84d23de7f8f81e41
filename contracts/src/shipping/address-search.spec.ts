import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Messages } from '../messages';
import { ADDRESS_PATTERN } from '../rules/patterns';
import { AddressSearchDto, formatAddress, parseAddressQuery } from './address-search';

describe('parseAddressQuery', () => {
  it.each([
    ['הרצל 12 תל אביב', 'הרצל', '12', 'תל אביב'],
    ['הרצל 12, תל אביב', 'הרצל', '12', 'תל אביב'],
    ['תל אביב, הרצל 12', 'הרצל', '12', 'תל אביב'],
    ['  תל   אביב ,הרצל  12 ', 'הרצל', '12', 'תל אביב'],
    ['שדרות רוטשילד 5א, תל אביב-יפו', 'שדרות רוטשילד', '5א', 'תל אביב-יפו'],
    ['הרצל 12/3 חיפה', 'הרצל', '12', 'חיפה'],
    ['12 הרצל', 'הרצל', '12', undefined],
    ['הרצל 12', 'הרצל', '12', undefined],
    ['הרצל, חיפה', 'הרצל', undefined, 'חיפה'],
    ['הרצל חיפה', 'הרצל חיפה', undefined, undefined],
    ['הרצל', 'הרצל', undefined, undefined],
    ['הרצל, 12, חיפה', 'הרצל', '12', 'חיפה'],
  ])('%j → street %j, number %j, city %j', (text, street, houseNumber, city) => {
    expect(parseAddressQuery(text)).toMatchObject({ street, houseNumber, city });
  });

  it('does not take digits inside a word for a house number', () => {
    expect(parseAddressQuery('הרצל12 חיפה').houseNumber).toBeUndefined();
    expect(parseAddressQuery('הרצל 12אביב').houseNumber).toBeUndefined();
  });

  it('normalises the words to match and drops words that only say "street"', () => {
    const parsed = parseAddressQuery("רח' ז׳בוטינסקי 7, פתח תקוה");
    expect(parsed.streetWords).toEqual(['ז', 'בוטינסקי']);
    expect(parsed.cityWords).toEqual(['פתח', 'תקוה']);
    expect(parseAddressQuery('רחוב').streetWords).toEqual(['רחוב']);
    expect(parseAddressQuery('רחוב הגפן').streetWords).toEqual(['הגפנ']);
  });
});

describe('formatAddress', () => {
  it("writes the address field's value, which the street-and-city rule accepts", () => {
    expect(formatAddress('הרצל', '12', 'חיפה')).toBe('הרצל 12, חיפה');
    expect(formatAddress('שדרות רוטשילד', undefined, 'תל אביב-יפו')).toBe('שדרות רוטשילד, תל אביב-יפו');
    expect(ADDRESS_PATTERN.test(formatAddress('כ״ט בנובמבר', '3א', 'סח׳נין'))).toBe(true);
  });
});

describe('AddressSearchDto', () => {
  const errors = (plain: object) => validateSync(plainToInstance(AddressSearchDto, plain)).flatMap((e) => Object.values(e.constraints ?? {}));

  it('accepts 2 to 100 characters after trimming', () => {
    const dto = plainToInstance(AddressSearchDto, { text: '  הרצל 12  ' });
    expect(validateSync(dto)).toEqual([]);
    expect(dto.text).toBe('הרצל 12');
    expect(errors({ text: 'ה'.repeat(100) })).toEqual([]);
  });

  it.each([{}, { text: '' }, { text: ' ה ' }, { text: 'ה'.repeat(101) }, { text: ['הרצל', 'חיפה'] }, { text: 12 }])(
    'rejects %j with the Hebrew message',
    (plain) => {
      expect(errors(plain)).toContain(Messages.addressSearchLength);
    },
  );
});
