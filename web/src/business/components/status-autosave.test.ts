import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusAutosave, type StatusChange } from './status-autosave';

describe('StatusAutosave: spec 4, 3 s after the last edit, several rows in one call', () => {
  let calls: StatusChange[][];
  let outcomes: string[];
  let respond: (ok: boolean) => void;
  let autosave: StatusAutosave;

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    outcomes = [];
    autosave = new StatusAutosave(
      (changes) => {
        calls.push(changes);
        return new Promise((resolve, reject) => {
          respond = (ok) => (ok ? resolve(undefined) : reject(new Error('409')));
        });
      },
      (outcome) => outcomes.push(outcome),
    );
  });
  afterEach(() => {
    autosave.dispose();
    vi.useRealTimers();
  });

  it('waits 3 s after the LAST edit and sends every edited row in one call', async () => {
    autosave.edit(1, 'pending', 'open');
    expect(autosave.getSnapshot()).toMatchObject({ state: 'dirty' });
    expect(autosave.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    autosave.edit(2, 'complete', 'open');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([[{ orderId: 1, status: 'pending' }, { orderId: 2, status: 'complete' }]]);
    expect(autosave.getSnapshot().state).toBe('saving');
    expect(autosave.getSnapshot().pending.get(2)).toBe('complete');
    respond(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved' });
    expect(autosave.getSnapshot().pending.size).toBe(0);
    expect(autosave.dirty).toBe(false);
    expect(outcomes).toEqual(['saved']);
    // 'saved' hides itself after 3 s.
    await vi.advanceTimersByTimeAsync(2999);
    expect(autosave.getSnapshot().state).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(autosave.getSnapshot().state).toBe('idle');
  });

  it('keeps the last choice of a row, and an edit back to the stored status cancels it', async () => {
    autosave.edit(1, 'pending', 'open');
    autosave.edit(1, 'canceled', 'open');
    autosave.edit(2, 'complete', 'pending');
    autosave.edit(2, 'pending', 'pending');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([[{ orderId: 1, status: 'canceled' }]]);
  });

  it('sends nothing when every edit was undone', async () => {
    autosave.edit(1, 'pending', 'open');
    autosave.edit(1, 'open', 'open');
    expect(autosave.getSnapshot().state).toBe('idle');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([]);
  });

  it('shows the error of a refused save and drops its edits (the list is refetched)', async () => {
    autosave.edit(7, 'canceled', 'complete');
    await vi.advanceTimersByTimeAsync(3000);
    respond(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'error' });
    expect(autosave.getSnapshot().pending.size).toBe(0);
    expect(outcomes).toEqual(['error']);
    // The error stays until the next edit.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(autosave.getSnapshot().state).toBe('error');
  });

  it('keeps an edit made during a save for the next call, never two calls at once', async () => {
    autosave.edit(1, 'pending', 'open');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(1);
    const first = respond;
    autosave.edit(2, 'canceled', 'open');
    expect(autosave.getSnapshot().state).toBe('saving');
    await vi.advanceTimersByTimeAsync(3000);
    // The second waits for the first.
    expect(calls).toHaveLength(1);
    first(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([[{ orderId: 1, status: 'pending' }], [{ orderId: 2, status: 'canceled' }]]);
    respond(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved' });
  });
});
