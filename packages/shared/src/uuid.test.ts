import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isUuid, uuidSchema } from './uuid.ts';

describe('the uuid rule', () => {
  const samples = [
    'b73441c3-e3be-4716-954f-43403b334798',
    'B73441C3-E3BE-4716-954F-43403B334798',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0190d4a8-8f5e-7b1c-9c3a-2f4e5d6c7b8a',
    'b73441c3-e3be-9716-954f-43403b334798', // version 9
    'b73441c3-e3be-4716-c54f-43403b334798', // variant bits
    'b73441c3e3be4716954f43403b334798',
    ' b73441c3-e3be-4716-954f-43403b334798',
    'b73441c3-e3be-4716-954f-43403b33479',
    'not-a-uuid',
    '',
  ];

  it("accepts and refuses exactly what zod's own uuid check does, as a guard and as a schema", () => {
    for (const s of samples) {
      const zods = z.uuid().safeParse(s).success;
      expect({ s, guard: isUuid(s) }).toEqual({ s, guard: zods });
      expect({ s, schema: uuidSchema.safeParse(s).success }).toEqual({ s, schema: zods });
    }
    expect(samples.filter((s) => isUuid(s))).toHaveLength(5);
  });

  it('refuses what is not a string', () => {
    for (const v of [null, undefined, 42, {}, ['b73441c3-e3be-4716-954f-43403b334798']])
      expect(isUuid(v)).toBe(false);
  });

  it('says what is wrong', () => {
    expect(uuidSchema.safeParse('x').error?.issues[0]?.message).toBe('Must be a uuid');
  });
});
