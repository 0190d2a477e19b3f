// The console's reading of the tag field agrees with the core's: the same tags, and the same 50-character limit.
import { describe, expect, it } from 'vitest';
import { contactTagsSchema } from '../../../src-core/contract/index.ts';
import { parseTagInput, tagProblem } from './tag-input.ts';

describe('tagProblem', () => {
  it('counts characters as the core does: 50 emoji are a tag both accept, 51 one both refuse', () => {
    for (const [tag, accepted] of [['😀'.repeat(26), true], ['😀'.repeat(50), true], ['😀'.repeat(51), false], ['a'.repeat(51), false]] as const) {
      expect(tagProblem([], parseTagInput(tag)) === null).toBe(accepted);
      expect(contactTagsSchema.safeParse([tag]).success).toBe(accepted);
    }
    expect(tagProblem([], ['😀'.repeat(51)])).toBe(`A tag is at most 50 characters; “${'😀'.repeat(24)}…” has 51.`);
  });

  it('reads the field as the core reads a tag list: commas separate, inner spaces collapse, one tag whatever its case', () => {
    expect(parseTagInput(' big  spender, VIP,vip ,, no;such')).toEqual(contactTagsSchema.parse(['big spender', 'VIP', 'vip', 'no;such']));
  });
});
