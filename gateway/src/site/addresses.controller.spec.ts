import { HttpException } from '@nestjs/common';
import { Messages } from '@mc/contracts';
import { addressSearchText } from './addresses.controller';

describe('addressSearchText', () => {
  it('answers the trimmed text', () => {
    expect(addressSearchText('  הרצל 12 חיפה ')).toBe('הרצל 12 חיפה');
  });

  it.each([undefined, '', ' ה ', 'ה'.repeat(101), ['הרצל', 'חיפה'], { a: 1 }])('refuses %j with 400 and the Hebrew message', (text) => {
    let thrown: unknown;
    try {
      addressSearchText(text);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpException);
    expect((thrown as HttpException).getStatus()).toBe(400);
    expect((thrown as HttpException).getResponse()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: Messages.addressSearchLength });
  });
});
