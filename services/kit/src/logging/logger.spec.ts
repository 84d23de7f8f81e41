import { currentCorrelationId, withCorrelationId } from './logger';

describe('correlation id', () => {
  it('is carried through async work and absent outside', async () => {
    expect(currentCorrelationId()).toBeUndefined();
    await withCorrelationId('abc', async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentCorrelationId()).toBe('abc');
    });
  });

  it('is made up when none is given', () => {
    withCorrelationId(undefined, () => expect(currentCorrelationId()).toMatch(/^[0-9a-f-]{36}$/));
  });
});
