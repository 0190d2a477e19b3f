// Validation errors in plain words where a schema gives none of its own.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './common.ts';

const issues = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('validation messages', () => {
  const schema = z.object({
    name: z.string().min(1).max(5), env: z.enum(['test', 'live']), tags: z.array(z.string()).min(1).max(2), count: z.number().int().min(1).max(9),
    email: z.email().optional(), flag: z.boolean().optional(),
  }).strict();
  it('says what a field must be', () => {
    expect(issues(schema, { name: '', env: 'prod', tags: [], count: 0, email: 'nope', flag: 'yes', extra: 1 })).toEqual([
      'name: must not be empty', 'env: must be one of: test, live', 'tags: needs at least 1 item', 'count: must be at least 1',
      'email: must be an email address', 'flag: must be true or false, not a string', ': unknown field: extra',
    ]);
    expect(issues(schema, { name: 'toolong', tags: ['a', 'b', 'c'], count: 10 })).toEqual([
      'name: must be at most 5 characters', 'env: is required: one of test, live', 'tags: holds at most 2 items', 'count: must be at most 9',
    ]);
    expect(issues(schema, { name: 5, env: 'test', tags: 'a', count: 1.5 })).toEqual([
      'name: must be text, not a number', 'tags: must be a list, not a string', 'count: must be a whole number',
    ]);
    // A closed list of words sent another type says what any wrong type says; a word not on the list names the list.
    expect(issues(schema, { name: 'a', env: 5, tags: ['a'], count: 1 })).toEqual(['env: must be text, not a number']);
    expect(issues(schema, { name: 'a', env: null, tags: ['a'], count: 1 })).toEqual(['env: must be text, not null']);
  });
  it('says a missing field is required, whatever forms it takes', () => {
    const either = z.object({ events: z.union([z.literal('*'), z.array(z.string())]) });
    expect(issues(either, {})).toEqual(['events: is required']);
    expect(issues(either, { events: 5 })).toEqual(['events: must be "*" or a list, not a number']);
  });
  it('says what a field of several forms must be: every form when its type is none of theirs, else the rule of the form it has', () => {
    const value = z.object({ v: z.union([z.string().max(3), z.number(), z.boolean()]) });
    expect(issues(value, { v: { a: 1 } })).toEqual(['v: must be text, a number, true or false, not an object']);
    expect(issues(value, { v: null })).toEqual(['v: must be text, a number, true or false, not null']);
    expect(issues(value, { v: 'long' })).toEqual(['v: must be at most 3 characters']);
    const mapping = z.object({ m: z.union([z.enum(['name', 'phone']), z.object({ field: z.enum(['name', 'phone']) })]) });
    expect(issues(mapping, { m: 'nope' })).toEqual(['m: must be one of: name, phone']);
    expect(issues(mapping, { m: 5 })).toEqual(['m: must be "name", "phone" or an object, not a number']);
    expect(issues(mapping, { m: { field: 'x' } })).toEqual(['m: field: must be one of: name, phone']);
    const tagged = z.object({ c: z.discriminatedUnion('type', [z.object({ type: z.literal('A') }), z.object({ type: z.literal('B') })]) });
    expect(issues(tagged, { c: { type: 'C' } })).toEqual(['c.type: must be one of: A, B']);
    expect(issues(tagged, { c: {} })).toEqual(['c.type: is required: one of A, B']);
    expect(issues(z.object({ r: z.record(z.string(), z.string()) }), { r: [1] })).toEqual(['r: must be an object, not a list']);
  });
  it('keeps a schema\'s own message', () => {
    expect(issues(z.object({ phone: z.string().regex(/^\d+$/, 'must be digits') }), { phone: 'x' })).toEqual(['phone: must be digits']);
  });
});
