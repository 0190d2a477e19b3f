// The WhatsApp template step's fields read from a stored config and written back as the core's components; a config
// they cannot hold reads as null (shown read-only); a run's refusal stored with raw JSON reads in words.
import { describe, expect, it } from 'vitest';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { refusalInWords } from './step-summary.ts';
import { valuesOfWaStep, waStepMissing, waStepOf } from './wa-step.ts';

const WELCOME = {
  id: 'wat_1', name: 'welcome_offer', category: 'MARKETING', language: 'en', status: 'APPROVED', createdAt: '2026-01-01T00:00:00.000Z',
  components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Welcome, {{1}}!' }],
} as unknown as WaTemplate;

describe('the WhatsApp template step fields', () => {
  it('write components with the header link and body values, and read them back', () => {
    const values = valuesOfWaStep({ templateName: 'welcome_offer', languageCode: 'en', body: [' friend '], mediaLink: 'https://cdn.example.com/w.png' }, WELCOME);
    expect(JSON.parse(values.components ?? '')).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/w.png' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'friend' }] },
    ]);
    expect(waStepOf(values)).toEqual({ templateName: 'welcome_offer', languageCode: 'en', body: ['friend'], mediaLink: 'https://cdn.example.com/w.png' });
  });

  it('read body values given as bodyParameters; a button or a text header is more than the fields hold', () => {
    expect(waStepOf({ templateName: 'thanks', languageCode: 'en', bodyParameters: 'there', components: '' })?.body).toEqual(['there']);
    expect(waStepOf({ templateName: 'x', languageCode: 'en', components: '[{"type":"button","sub_type":"url","index":"0","parameters":[]}]' })).toBeNull();
    expect(waStepOf({ templateName: 'x', languageCode: 'en', components: '[{"type":"header","parameters":[{"type":"text","text":"1"}]}]' })).toBeNull();
    expect(waStepOf({ templateName: 'x', languageCode: 'en', components: 'not json' })).toBeNull();
  });

  it('say what is still missing in words', () => {
    expect(waStepMissing({ templateName: '', languageCode: '', body: [], mediaLink: '' }, undefined)).toEqual(['a template']);
    expect(waStepMissing({ templateName: 'welcome_offer', languageCode: 'en', body: [''], mediaLink: '' }, WELCOME)).toEqual(['a value for {{1}}', 'a link to the header image']);
  });

  it("say a stored send refusal's raw JSON in words", () => {
    expect(refusalInWords('template welcome_offer has an IMAGE header: send a header parameter {"type":"image","image":{"link":"https://..."}}'))
      .toBe('template welcome_offer has an IMAGE header: give a link to the header image');
  });
});
