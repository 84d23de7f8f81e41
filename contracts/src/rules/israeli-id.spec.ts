import { isValidIsraeliId } from './israeli-id';

describe('isValidIsraeliId', () => {
  it.each(['000000018', '123456782', '039337423', '18', '39337423'])('accepts %s', (id) => {
    expect(isValidIsraeliId(id)).toBe(true);
  });

  it.each(['123456789', '', 'abc', '1234567820', '12345678a', ' 123456782', '000000019', '-18'])(
    'rejects %j',
    (id) => {
      expect(isValidIsraeliId(id)).toBe(false);
    },
  );
});
