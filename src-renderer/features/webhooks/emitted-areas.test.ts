// The webhooks' empty state promises only the areas whose events this build emits.
import { describe, expect, it } from 'vitest';
import { emittedAreas, notSentYet } from './emitted-areas.ts';
import type { CatalogueEvent } from './queries.ts';

const event = (type: string, emitted: boolean) => ({ type, emitted, description: '', sample: {} }) as CatalogueEvent;

describe('emittedAreas', () => {
  it('names the emitted areas, channels in the console’s order, and none of those not fired (calls, orders, forms)', () => {
    const events = [
      event('contact.created', true), event('contact.lifecycle_changed', false), event('form.submitted', false), event('whatsapp.message.received', true),
      event('instagram.message.received', true), event('sms.message.received', true), event('voice.call.completed', false), event('email.message.opened', true),
      event('voice.app.call.missed', false), event('shopify.order.created', false), event('rcs.message.status', true),
    ];
    expect(emittedAreas(events)).toBe('contacts and messages on WhatsApp, SMS, RCS, Email and Instagram');
  });
  it('names an area once its events are emitted, and says nothing when none is', () => {
    expect(emittedAreas([event('shopify.order.created', true), event('voice.app.call.missed', true), event('sms.message.status', false)])).toBe('orders and calls');
    expect(emittedAreas([event('email.message.opened', true)])).toBe('messages on Email');
    expect(emittedAreas([event('contact.created', false)])).toBeNull();
  });
  it('says one event as one', () => {
    expect([notSentYet(1), notSentYet(2)]).toEqual(['event Switchboard does not send yet', 'events Switchboard does not send yet']);
  });
});
