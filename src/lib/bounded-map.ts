/**
 * A Map of at most `max` entries: setting a key makes it the newest, and past `max` the oldest is dropped. For
 * in-process caches whose keys come from requests (list totals, compiled statements), so that memory stays bounded.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value as K);
    return this;
  }
}
