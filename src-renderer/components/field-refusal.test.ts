// A validation refusal is placed under the fields a form shows, in the form's words; the rest stays as the core said it.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { refusalByField } from './field-refusal.tsx';

describe('refusalByField', () => {
  it('words a shown field’s problem with its label and leaves nothing else', () => {
    const refused = new ApiError(400, 'Invalid body: toNumber: must be a phone number in international format', 'VALIDATION_FAILED');
    expect(refusalByField(refused, { toNumber: 'Phone' })).toEqual({ fields: { toNumber: 'Phone must be a phone number in international format' }, rest: null });
    const colon = new ApiError(400, 'Invalid body: from: must be a phone number; text: Too small', 'VALIDATION_FAILED');
    const placed = refusalByField(colon, { from: 'From', text: 'Message' });
    expect(placed).toEqual({ fields: { from: 'From must be a phone number', text: 'Message: Too small' }, rest: null });
    // A problem that is no predicate of its field reads after a colon, not run on from the label.
    const tag = new ApiError(400, 'Invalid body: subject: malformed merge tag at "{{x}": merge tags are {{name}}', 'VALIDATION_FAILED');
    expect(refusalByField(tag, { subject: 'Subject' }).fields).toEqual({ subject: 'Subject: malformed merge tag at "{{x}": merge tags are {{name}}' });
  });

  it('keeps what names no shown field for the form’s error block, and any other error whole', () => {
    const mixed = new ApiError(400, 'Invalid body: name must be lowercase; components.0.text: placeholders out of order', 'VALIDATION_FAILED');
    const { fields, rest } = refusalByField(mixed, { name: 'Name' });
    expect(fields).toEqual({ name: 'Name must be lowercase' });
    expect(rest).toBeInstanceOf(ApiError);
    expect([(rest as ApiError).status, (rest as ApiError).message]).toEqual([400, 'Invalid body: components.0.text: placeholders out of order']);
    // A refusal that is not a form's (a wallet too low, a 502) is left as it came, and so is one naming no shown field.
    for (const other of [new ApiError(402, 'Insufficient balance'), new ApiError(400, 'Agent is paused'), new ApiError(400, 'Invalid body: agentId: Required'), new Error('x')]) {
      expect(refusalByField(other, { toNumber: 'Phone' })).toEqual({ fields: {}, rest: other });
    }
  });

  it('places a one-field message of the core’s own words under the field the form names for it, as written', () => {
    const phone = new ApiError(400, 'Invalid phone number 12345: give it in international format, e.g. +14155550101', 'VALIDATION_FAILED');
    expect(refusalByField(phone, { from: 'From', to: 'To' }, { to: /^Invalid phone number / })).toEqual({ fields: { to: phone.message }, rest: null });
    const pair = new ApiError(400, 'from and to are the same: a call needs two parties', 'VALIDATION_FAILED');
    expect(refusalByField(pair, { from: 'From', to: 'To' }, { to: /^Invalid phone number / })).toEqual({ fields: {}, rest: pair });
    // Only a 400: a 403 that happens to match stays whole.
    const off = new ApiError(403, 'Invalid phone number: phone calling is off');
    expect(refusalByField(off, { to: 'To' }, { to: /^Invalid phone number/ })).toEqual({ fields: {}, rest: off });
  });

  it('places a refusal whose envelope names its field (a 409 for a value another record has) under that field, as written', () => {
    const taken = new ApiError(409, 'Contact Alice Johnson already has this phone (+14155550101)', 'CONFLICT', { field: 'phone', contactId: 'cnt_1' });
    expect(refusalByField(taken, { name: 'Name', phone: 'Phone' })).toEqual({ fields: { phone: taken.message }, rest: null });
    // A field the form does not show leaves the refusal whole for the form's error block; so does a 5xx naming one.
    expect(refusalByField(taken, { name: 'Name', email: 'Email' })).toEqual({ fields: {}, rest: taken });
    const failed = new ApiError(500, 'Internal error', 'INTERNAL', { field: 'phone' });
    expect(refusalByField(failed, { phone: 'Phone' })).toEqual({ fields: {}, rest: failed });
  });
});
