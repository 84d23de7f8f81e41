import { distanceKm, roundKm } from './geo';

describe('distanceKm', () => {
  it('measures known distances between Israeli cities', () => {
    const telAviv = { lat: 32.0853, lng: 34.7818 };
    const jerusalem = { lat: 31.7683, lng: 35.2137 };
    expect(roundKm(distanceKm(telAviv, jerusalem))).toBeCloseTo(54, -1);
    expect(distanceKm(telAviv, telAviv)).toBe(0);
  });
});
