/**
 * Strings worked out under a key (a signature checked or made with a KeyObject), kept per key: the same input gives
 * the same answer under the same key, and a key no longer used takes its entries with it (a WeakMap). Bounded per
 * key: the oldest entry goes first. Decisions 078 and 079.
 */
export class PerKeyCache<K extends object> {
  private readonly byKey = new WeakMap<K, Map<string, string>>();

  constructor(private readonly limit: number) {}

  get(key: K, input: string): string | undefined {
    return this.byKey.get(key)?.get(input);
  }

  set(key: K, input: string, answer: string): void {
    let kept = this.byKey.get(key);
    if (!kept) this.byKey.set(key, (kept = new Map()));
    if (kept.size >= this.limit) kept.delete(kept.keys().next().value!);
    kept.set(input, answer);
  }

  /** How many entries are kept for `key`. */
  size(key: K): number {
    return this.byKey.get(key)?.size ?? 0;
  }
}
