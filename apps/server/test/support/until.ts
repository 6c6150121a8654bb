type Falsy = null | undefined | false | 0 | '';

/** Polls `fn` until it answers something truthy (and returns it), or fails after `timeoutMs`. */
export async function until<T>(fn: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
