import fp from 'fastify-plugin';

/** The reply's UTF-8 bytes (a Buffer is written as it is; a string would be encoded again for every guest). */
export type CachedReply = { body: Buffer; etag: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guest timetable's replies (JSON bytes and ETag), shared by every guest of this process for
     * GUEST_TIMETABLE_CACHE_MS (decision 020). Concurrent misses of one key share one computation.
     */
    guestTimetables: {
      get: (key: string, compute: () => Promise<CachedReply>) => Promise<CachedReply>;
      /** Bookings changed places here: the next guest gets a fresh reply (other processes: within the TTL). */
      clear: () => void;
    };
  }
}

const MAX_ENTRIES = 500;

export default fp(
  async (app) => {
    const ttl = app.config.guestTimetableCacheMs;
    type Entry = { at: number; appNow: number; value: Promise<CachedReply> };
    let entries = new Map<string, Entry>();

    app.decorate('guestTimetables', {
      get: (key: string, compute: () => Promise<CachedReply>) => {
        if (ttl <= 0) return compute();
        const at = Date.now();
        // The app's clock too: a reply's states (started, released) are for the moment it was made.
        const appNow = app.now().getTime();
        const found = entries.get(key);
        if (found && at - found.at < ttl && Math.abs(appNow - found.appNow) < ttl) return found.value;
        if (entries.size >= MAX_ENTRIES) entries = new Map();
        const value = compute();
        const entry = { at, appNow, value };
        entries.set(key, entry);
        value.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
        return value;
      },
      clear: () => {
        entries = new Map();
      },
    });
  },
  { name: 'app-guest-timetable-cache' },
);
