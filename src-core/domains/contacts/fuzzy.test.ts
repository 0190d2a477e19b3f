// The typo tolerance of the contacts search: edit distances, what counts as a word, which corrections are tried.
import { describe, expect, it } from 'vitest';
import { allowedEdits, corrections, editDistance, wordsOf } from './fuzzy.ts';

describe('editDistance', () => {
  it('counts inserts, deletes, replacements and swapped neighbours as one edit each', () => {
    expect(editDistance('alice', 'alice', 1)).toBe(0);
    expect(editDistance('alcie', 'alice', 1)).toBe(1);
    expect(editDistance('alic', 'alice', 1)).toBe(1);
    expect(editDistance('allice', 'alice', 1)).toBe(1);
    expect(editDistance('alise', 'alice', 1)).toBe(1);
    expect(editDistance('sharam', 'sharma', 2)).toBe(1);
    expect(editDistance('shrma', 'sharma', 2)).toBe(1);
    expect(editDistance('srhama', 'sharma', 2)).toBe(2);
  });
  it('stops at max + 1 once the distance must exceed it, and counts code points, not UTF-16 units', () => {
    expect(editDistance('alice', 'bob', 1)).toBe(2);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a😀bc', 'abc', 1)).toBe(1);
  });
});

describe('wordsOf', () => {
  it('splits names, usernames and email local parts into folded runs of 3+ letters', () => {
    expect(wordsOf('José Muñoz')).toEqual(['jose', 'munoz']);
    expect(wordsOf('aarav.sharma42x')).toEqual(['aarav', 'sharma']);
    expect(wordsOf('li.wu_77')).toEqual([]);
    expect(wordsOf('renee.cote@example.com', true)).toEqual(['renee', 'cote']);
    expect(wordsOf(null)).toEqual([]);
  });
});

describe('corrections', () => {
  const vocabulary = ['alice', 'alicia', 'johnson', 'jose', 'sharma', 'sharman'];
  it('allows no edit under 4 characters, one up to 7 and two from 8', () => {
    expect([3, 4, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
  it('keeps each term and adds the words within its edits, closest first', () => {
    expect(corrections(['alcie'], vocabulary)).toEqual([['alcie', 'alice']]);
    expect(corrections(['sharam'], vocabulary)).toEqual([['sharam', 'sharma']]);
    expect(corrections(['jhonsonn'], vocabulary)).toEqual([['jhonsonn', 'johnson']]);
    expect(corrections(['alcie', 'jo'], vocabulary)).toEqual([['alcie', 'alice'], ['jo']]);
  });
  it('corrects each run of letters of a term that holds other characters, keeping the rest', () => {
    expect(corrections(['alcie.j'], vocabulary)).toEqual([['alcie.j', 'alice.j']]);
    expect(corrections(['jsoe@example.com'], vocabulary)).toEqual([['jsoe@example.com', 'jose@example.com']]);
    expect(corrections(['al.jo'], vocabulary)).toBeNull();
  });
  it('folds accents before comparing, leaves digits and short terms alone, and answers null when nothing is corrected', () => {
    expect(corrections(['jsoé'], vocabulary)).toEqual([['jsoé', 'jose']]);
    expect(corrections(['4155'], vocabulary)).toBeNull();
    expect(corrections(['ali'], vocabulary)).toBeNull();
    expect(corrections(['zzzzz'], vocabulary)).toBeNull();
  });
});
