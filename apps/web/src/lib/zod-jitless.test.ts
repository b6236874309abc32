import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is what zod reads once the site entry has run, so object schemas never probe new Function', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        probed = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), age: z.number() });
      expect(schema.parse({ name: 'Ann', age: 3 })).toEqual({ name: 'Ann', age: 3 });
      expect(probed).toBe(false);
    } finally {
      globalThis.Function = original;
    }
  });
});
