import { profileCompletion } from './profile';

describe('profileCompletion', () => {
  it.each([
    [false, false, 70],
    [true, false, 85],
    [false, true, 85],
    [true, true, 100],
  ])('phone %s, address %s gives %d', (hasPhone, hasAddress, expected) => {
    expect(profileCompletion({ hasPhone, hasAddress })).toBe(expected);
  });
});
