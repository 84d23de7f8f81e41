import { repeatEvery } from './repeat';

describe('repeatEvery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the task every interval from the end of the run before, never two at once, a failure not stopping it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const repeating = repeatEvery(
      100,
      async () => {
        running++;
        most = Math.max(most, running);
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 250));
        running--;
        if (runs === 1) throw new Error('first run fails');
      },
      (err) => errors.push(err),
    );
    await jest.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(250 + 99);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    repeating.stop();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});
