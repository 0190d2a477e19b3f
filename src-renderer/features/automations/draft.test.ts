// The builder's draft: an automation read into fields and sent back as the core takes it, the config keys the catalog
// does not list kept, lists one a line or JSON, blanks left out, unreadable JSON named before anything is sent.
import { describe, expect, it } from 'vitest';
import type { Automation, NodeCatalog } from '../../../src-core/contract/index.ts';
import { bodyOf, contactSourceWords, draftOf, emptyDraft, fieldLabel, moved, newStep } from './draft.ts';

const catalog: NodeCatalog = {
  triggers: [{
    type: 'message.received', name: 'Customer message received', description: '', integration: null, config: [
      { name: 'channel', type: 'enum', required: true, description: '', options: ['whatsapp', 'sms', 'any'] },
      { name: 'keyword', type: 'string', required: false, description: '' },
    ],
  }],
  nodes: [
    {
      type: 'whatsapp.send_template', name: 'Send WhatsApp template', description: '', integration: null, config: [
        { name: 'templateName', type: 'string', required: true, description: '' },
        { name: 'components', type: 'array', required: false, description: '' },
        { name: 'bodyParameters', type: 'array', required: false, description: '' },
      ],
    },
    { type: 'wait', name: 'Wait', description: '', integration: null, config: [{ name: 'minutes', type: 'number', required: false, description: '' }] },
    { type: 'email.send', name: 'Send email', description: '', integration: null, config: [{ name: 'variables', type: 'object', required: false, description: '' }] },
  ],
};

const automation: Automation = {
  id: 'aut_1', name: 'Offer', description: null, status: 'active', active: true,
  trigger: { type: 'message.received', config: { channel: 'sms', keyword: 'offer' } },
  steps: [
    { id: 'send', type: 'whatsapp.send_template', config: { templateName: 'welcome', components: [{ type: 'body', parameters: [] }], note: 'kept' } },
    { id: 'fax', type: 'send_fax', config: { to: 'x' } },
    { id: 'pause', type: 'wait', config: { minutes: 5 } },
  ],
  executionCount: 0, lastExecutedAt: null, activatedAt: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the automation draft', () => {
  it('sends an automation back as it was read: step ids, unknown types and keys the catalog does not list kept', () => {
    const result = bodyOf(draftOf(automation, catalog), catalog);
    expect(result).toEqual({ body: { name: 'Offer', description: null, trigger: automation.trigger, steps: automation.steps } });
  });

  it('starts a new automation on the first trigger, a required enumeration on its first option', () => {
    const draft = emptyDraft(catalog);
    expect(draft.trigger).toEqual({ type: 'message.received', values: { channel: 'whatsapp', keyword: '' }, kept: {} });
    expect(bodyOf({ ...draft, name: 'New' }, catalog)).toEqual({ body: { name: 'New', description: null, trigger: { type: 'message.received', config: { channel: 'whatsapp' } }, steps: [] } });
  });

  it('reads a list one item a line (blank lines dropped), or as JSON; numbers as numbers; blanks left out', () => {
    const send = { ...newStep(catalog, 'whatsapp.send_template'), values: { templateName: 'order_update', components: '', bodyParameters: 'Alice\n\n 1001 \n' } };
    const wait = { ...newStep(catalog, 'wait'), values: { minutes: '2' } };
    const draft = { ...emptyDraft(catalog), name: 'x', steps: [send, wait] };
    const result = bodyOf(draft, catalog);
    expect('body' in result && result.body.steps).toEqual([
      { type: 'whatsapp.send_template', config: { templateName: 'order_update', bodyParameters: ['Alice', '1001'] } },
      { type: 'wait', config: { minutes: 2 } },
    ]);
    const json = { ...send, values: { ...send.values, bodyParameters: '["a, b", "c"]' } };
    const again = bodyOf({ ...draft, steps: [json] }, catalog);
    expect('body' in again && again.body.steps[0]?.config.bodyParameters).toEqual(['a, b', 'c']);
  });

  it('names the step and field whose JSON it cannot read', () => {
    const email = { ...newStep(catalog, 'email.send'), values: { variables: '{name: 1}' } };
    expect(bodyOf({ ...emptyDraft(catalog), steps: [newStep(catalog, 'wait'), email] }, catalog)).toEqual({ problem: 'Step 2 (Send email): Variables is not valid JSON' });
  });

  it('gives a new step a key no other step has', () => {
    const steps = draftOf(automation, catalog).steps;
    expect(newStep(catalog, 'wait', steps.filter((_, i) => i !== 1)).key).toBe('k4');
    expect(newStep(catalog, 'wait').key).toBe('k1');
  });

  it('moves a step up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('labels a field in words', () => {
    expect([fieldLabel('templateName'), fieldLabel('senderId'), fieldLabel('message')]).toEqual(['Template name', 'Sender id', 'Message']);
  });

  it("words a new contact's source: the dashboard, a CSV import, or the channel", () => {
    expect(['manual', 'import', 'whatsapp', 'sms'].map(contactSourceWords)).toEqual(['the dashboard', 'a CSV import', 'WhatsApp', 'SMS']);
  });
});
