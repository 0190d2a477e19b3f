// The node catalog says what the run-time checks take: each entry's config fields are its schema's, required as there.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TRIGGER_CONFIG_SCHEMAS } from '../../contract/automations.ts';
import { nodeCatalog, STEP_CONFIG_SCHEMAS } from './automations.catalog.ts';
import { matches } from './automations.runner.ts';

/** A strict object schema's fields, and which of them it requires. */
function fieldsOf(schema: z.ZodType): Array<[string, boolean]> {
  const shape = (schema as unknown as z.ZodObject).shape;
  return Object.entries(shape).map(([name, field]) => [name, !(field as z.ZodType).safeParse(undefined).success]);
}

describe('node catalog', () => {
  it("lists each trigger's and node's config fields exactly as its schema takes them", () => {
    const catalog = nodeCatalog();
    const schemas: Record<string, z.ZodType> = { ...TRIGGER_CONFIG_SCHEMAS, ...STEP_CONFIG_SCHEMAS };
    for (const entry of [...catalog.triggers, ...catalog.nodes]) {
      const listed = entry.config.map((f) => [f.name, f.required]);
      expect(listed.sort(), entry.type).toEqual(fieldsOf(schemas[entry.type] as z.ZodType).sort());
    }
  });
});

describe('trigger matching', () => {
  const received = (config: unknown) => ({ trigger_type: 'message.received', trigger_config: JSON.stringify(config) });
  const trigger = (channel: string, text: string) => ({ type: 'message.received', eventId: 'evt_1', contactId: 'cnt_1', channel, address: '+1', messageId: 'msg_1', text });

  it('keyword is the whole message, trimmed; contains is a part; both ignore case and accents', () => {
    expect(matches(received({ channel: 'whatsapp', keyword: 'Menu' }), trigger('whatsapp', ' MENU '))).toBe(true);
    expect(matches(received({ channel: 'whatsapp', keyword: 'menu' }), trigger('whatsapp', 'the menu'))).toBe(false);
    expect(matches(received({ channel: 'any', contains: 'cafe' }), trigger('sms', 'Your CAFÉ?'))).toBe(true);
    expect(matches(received({ channel: 'sms', contains: 'cafe' }), trigger('whatsapp', 'cafe'))).toBe(false);
    expect(matches(received({ channel: 'instagram' }), trigger('instagram', 'anything'))).toBe(true);
  });

  it('contact.created filters by the source when one is given', () => {
    const created = (source?: string) => ({ trigger_type: 'contact.created', trigger_config: JSON.stringify(source ? { source } : {}) });
    const of = (channel: string) => ({ ...trigger(channel, ''), type: 'contact.created', text: null });
    expect(matches(created('sms'), of('sms'))).toBe(true);
    expect(matches(created('sms'), of('manual'))).toBe(false);
    expect(matches(created(), of('manual'))).toBe(true);
  });
});
