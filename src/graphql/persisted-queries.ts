import { createHash } from 'node:crypto';
import { BoundedMap } from '../lib/bounded-map';

/** Apollo Server keeps a persisted query under this prefix in the cache it is given (requestPipeline's APQ_CACHE_PREFIX). */
const APQ_PREFIX = 'apq:';

/** The sha256 of a query text, as automatic persisted queries name it. */
export const persistedQueryHash = (query: string): string => createHash('sha256').update(query).digest('hex');

/**
 * Automatic persisted queries (docs/decisions.md, "Persisted queries are measured"): ONE store that Apollo writes
 * registrations to and the query limits read from, so a request that sends only the hash is measured on the very
 * text Apollo will run. In-process and bounded (a client whose hash is not known re-sends the text, as the
 * protocol says), at most `max` texts of at most `maxLength`
 * characters each.
 */
export class PersistedQueries {
  private readonly texts: BoundedMap<string, string>;

  constructor(
    max = 1000,
    /** A longer text is not kept (comments and strings are not tokens): its client keeps sending it in full. */
    private readonly maxLength = 20_000,
  ) {
    this.texts = new BoundedMap(max);
  }

  /** The registered text of a hash, if this process knows it. */
  lookup(hash: string): string | undefined {
    return this.texts.get(APQ_PREFIX + hash);
  }

  // Apollo Server's KeyValueCache, as it calls it (keys already prefixed; no TTL: the bound evicts instead).
  async get(key: string): Promise<string | undefined> {
    return this.texts.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    if (value.length <= this.maxLength) this.texts.set(key, value);
  }

  async delete(key: string): Promise<boolean> {
    return this.texts.delete(key);
  }
}
