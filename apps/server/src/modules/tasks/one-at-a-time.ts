/** Runs the functions given to `run` one after another, in the order given (a mutex for async work). */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const result = last.then(fn, fn);
      last = result.catch(() => undefined);
      return result;
    },
  };
}
