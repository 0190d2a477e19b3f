// The Channels form's WhatsApp draft: the components it submits (only the parts it has, in the platform's order, a
// dynamic link ending in {{1}}), which the contract's own schema takes, and the core's refusals of them said at the
// form's fields by the components' indexes, which move with the parts there are.
import { describe, expect, it } from 'vitest';
import { createWaTemplateBodySchema } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { componentsOf, draftRefusal, emptyDraft, previewTemplateOf, type Draft } from './wa-template-draft.ts';

const full: Draft = {
  header: 'TEXT', headerText: 'Order {{1}}', body: 'Hi {{1}}', footer: 'Reply STOP to opt out',
  buttons: [
    { key: 1, type: 'QUICK_REPLY', text: 'Thanks', url: 'ignored', dynamic: true, phone: 'ignored' },
    { key: 2, type: 'URL', text: 'Track', url: ' https://shop.example.com/t/ ', dynamic: true, phone: '' },
    { key: 3, type: 'PHONE_NUMBER', text: 'Call us', url: '', dynamic: false, phone: '+14155550100' },
  ],
};

describe('the WhatsApp template draft', () => {
  it('is submitted as the parts it has, in order, each as the contract takes it', () => {
    const components = componentsOf(full);
    expect(components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }, { type: 'BODY', text: 'Hi {{1}}' }, { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: [
        { type: 'QUICK_REPLY', text: 'Thanks' }, { type: 'URL', text: 'Track', url: 'https://shop.example.com/t/{{1}}' },
        { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+14155550100' },
      ] },
    ]);
    expect(createWaTemplateBodySchema.safeParse({ name: 'n', category: 'UTILITY', language: 'en', components }).success).toBe(true);
    expect(componentsOf({ ...emptyDraft(), header: 'VIDEO', body: 'Hi', footer: '   ' })).toEqual([{ type: 'HEADER', format: 'VIDEO' }, { type: 'BODY', text: 'Hi' }]);
    // The preview's buttons as a template answers them: url null where a button has none.
    const preview = previewTemplateOf(full, 'n', 'UTILITY', 'en').components.find((c) => c.type === 'BUTTONS');
    expect(preview?.type === 'BUTTONS' && preview.buttons.map((b) => b.url)).toEqual([null, 'https://shop.example.com/t/{{1}}', null]);
  });

  it('says a refusal at the field of the component it names, wherever the parts put it', () => {
    const refused = new ApiError(400, 'Invalid body: components.3.buttons.1.url: must be an http or https URL; components.2.text: must be at most 60 characters', 'VALIDATION_FAILED');
    expect(draftRefusal(refused, full)).toEqual({
      fields: { 'button-1-url': 'Button 2 URL must be an http or https URL', footer: 'Footer must be at most 60 characters' }, rest: null,
    });
    // Without a header, the footer is components.1 and the buttons components.2.
    const noHeader = { ...full, header: 'NONE' as const };
    expect(draftRefusal(new ApiError(400, 'Invalid body: components.1.text: must not be empty; components.2.buttons.2.phone_number: is not in the expected format', 'VALIDATION_FAILED'), noHeader).fields)
      .toEqual({ footer: 'Footer must not be empty', 'button-2-phone': 'Button 3 phone number is not in the expected format' });
    const header = new ApiError(400, 'Invalid components: HEADER placeholders must be numbered {{1}}, {{2}}, ... without gaps', 'VALIDATION_FAILED');
    expect(draftRefusal(header, full)).toEqual({ fields: { headerText: header.message }, rest: null });
    // A refusal of no field stays the form's.
    const conflict = new ApiError(409, 'A template named n already exists for en', 'CONFLICT');
    expect(draftRefusal(conflict, full)).toEqual({ fields: {}, rest: conflict });
  });
});
