import { describe, expect, it } from 'vitest';
import { videoResponseSchema } from './video.schema.ts';
import { z } from './zod.ts';

describe('zod as the contracts use it', () => {
  it('never compiles parsers with eval (the pages forbid it: decision 0022)', () => {
    expect(videoResponseSchema).toBeDefined();
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
