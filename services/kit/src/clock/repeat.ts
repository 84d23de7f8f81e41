/** A task that runs again and again until stopped. */
export interface Repeating {
  stop(): void;
}

/**
 * Runs `task` every `everyMs`, counted from the end of the run before, so two runs never overlap; a failed run is
 * handed to `onError` and the next run comes as usual. The timer does not keep the process alive.
 */
export function repeatEvery(everyMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => void task().catch(onError).finally(() => !stopped && schedule()), everyMs);
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
