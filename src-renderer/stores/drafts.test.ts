// The drafts' store: kept per organization in the tab's storage, read back after a reload, bounded, and proof against a
// value that is not its own; written once typing pauses, or at once when it must be.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftsStore, DRAFTS_WRITE_MS } from './drafts.ts';
import { DRAFTS_KEPT, draftsKey, readDrafts, type TemplateDraft } from './drafts-storage.ts';

const memory = () => {
  const items = new Map<string, string>();
  let writes = 0;
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes += 1;
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
    items,
    /** The drafts' writes (`setItem`) made so far. */
    writes: () => writes,
  };
};
const WA: TemplateDraft = { channel: 'whatsapp', templateId: 'tpl_1', values: { body: [{ kind: 'static', text: 'Meera' }], header: ['#1002'], mediaLink: '', buttons: { 0: '1002' } } };
const RCS: TemplateDraft = { channel: 'rcs', templateId: 'rcs_1', typed: { order: '#1004' } };

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('drafts', () => {
  it('come back after a reload (a new store on the same storage), text and templates, for their organization only', () => {
    const storage = memory();
    const before = createDraftsStore(() => storage);
    before.getState().openOrganization('org_a');
    before.getState().setText('cnv_1', 'It left this morning.');
    before.getState().setTemplate('cnv_2', WA);
    before.getState().setTemplate('cnv_3', RCS);
    // The page left (pagehide): what typing left waiting is written.
    before.getState().flush();
    const after = createDraftsStore(() => storage);
    after.getState().openOrganization('org_a');
    expect(after.getState().drafts).toEqual({ cnv_1: { text: 'It left this morning.' }, cnv_2: { template: WA }, cnv_3: { template: RCS } });
    const other = createDraftsStore(() => storage);
    other.getState().openOrganization('org_b');
    expect(other.getState().drafts).toEqual({});
    other.getState().setText('cnv_9', 'Hello');
    vi.advanceTimersByTime(DRAFTS_WRITE_MS);
    expect(readDrafts(storage, 'org_a')).toEqual(after.getState().drafts);
    expect(readDrafts(storage, 'org_b')).toEqual({ cnv_9: { text: 'Hello' } });
  });

  it('keep what was written before the organization was known, and switch with the organization shown', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().setText('cnv_1', 'typed early');
    expect(storage.items.size).toBe(0);
    drafts.getState().openOrganization('org_a');
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: 'typed early' } });
    drafts.getState().openOrganization('org_b');
    expect(drafts.getState().drafts).toEqual({});
    drafts.getState().openOrganization('org_a');
    expect(drafts.getState().drafts).toEqual({ cnv_1: { text: 'typed early' } });
  });

  it('are taken out (the storage too) when their send starts, and given back only if it fails', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', ' Sent \n');
    drafts.getState().setTemplate('cnv_1', WA);
    const text = drafts.getState().takeSending('cnv_1', { text: 'Sent' });
    expect(text).toEqual({ text: ' Sent \n' });
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { template: WA } });
    const template = drafts.getState().takeSending('cnv_1', 'template');
    expect(template).toEqual({ template: WA });
    // Nothing kept: a reload now (a new store on the storage) finds no draft to send twice.
    expect(storage.items.has(draftsKey('org_a'))).toBe(false);
    expect(drafts.getState().drafts).toEqual({});
    // Failed: each is the draft again, as it was.
    drafts.getState().giveBack('cnv_1', text!);
    drafts.getState().giveBack('cnv_1', template!);
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: ' Sent \n', template: WA } });
    // A text that is not the draft's (a draft typed on since it was read) takes nothing.
    drafts.getState().setText('cnv_2', 'Other words');
    expect(drafts.getState().takeSending('cnv_2', { text: 'Sent' })).toBeUndefined();
    expect(drafts.getState().takeSending('cnv_3', 'template')).toBeUndefined();
    expect(drafts.getState().drafts.cnv_2).toEqual({ text: 'Other words' });
  });

  it('given back after a failure, keep what was typed or chosen since', () => {
    const drafts = createDraftsStore(() => memory());
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', 'First reply');
    const taken = drafts.getState().takeSending('cnv_1', { text: 'First reply' });
    drafts.getState().setText('cnv_1', 'And another thing');
    drafts.getState().giveBack('cnv_1', taken!);
    expect(drafts.getState().drafts.cnv_1).toEqual({ text: 'First reply\nAnd another thing' });
    drafts.getState().setTemplate('cnv_2', WA);
    const template = drafts.getState().takeSending('cnv_2', 'template');
    drafts.getState().setTemplate('cnv_2', RCS);
    drafts.getState().giveBack('cnv_2', template!);
    expect(drafts.getState().drafts.cnv_2).toEqual({ template: RCS });
  });

  it('are not given back while the page is being left: the send it aborted may have been taken', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', 'On its way');
    const taken = drafts.getState().takeSending('cnv_1', { text: 'On its way' });
    drafts.getState().setLeaving(true);
    drafts.getState().giveBack('cnv_1', taken!);
    expect(storage.items.has(draftsKey('org_a'))).toBe(false);
    drafts.getState().setLeaving(false);
    drafts.getState().giveBack('cnv_1', taken!);
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: 'On its way' } });
  });

  it(`keep ${DRAFTS_KEPT} conversations' drafts at most, those left longest ago dropped first`, () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    for (let i = 0; i < DRAFTS_KEPT + 5; i++) drafts.getState().setText(`cnv_${i}`, `reply ${i}`);
    expect(Object.keys(drafts.getState().drafts)[0]).toBe('cnv_5');
    // One written to again is the latest (cnv_205 came after it, so cnv_5 goes), kept over older ones.
    drafts.getState().setText('cnv_5', 'reply 5, again');
    drafts.getState().setText('cnv_205', 'reply 205');
    drafts.getState().flush();
    const kept = Object.keys(readDrafts(storage, 'org_a'));
    expect(kept).toHaveLength(DRAFTS_KEPT);
    expect(kept.slice(-2)).toEqual(['cnv_5', 'cnv_205']);
    expect(kept.slice(0, 2)).toEqual(['cnv_7', 'cnv_8']);
    expect(Object.keys(drafts.getState().drafts)).toEqual(kept);
  });

  it('read a corrupt or foreign value as none, and keep the well-formed drafts of a partly damaged one', () => {
    const storage = memory();
    for (const value of ['{not json', '"a string"', '[1,2]', '{"v":2,"drafts":[]}', '{"v":1,"drafts":{"cnv_1":"x"}}', 'null']) {
      storage.items.set(draftsKey('org_a'), value);
      const drafts = createDraftsStore(() => storage);
      drafts.getState().openOrganization('org_a');
      expect(drafts.getState().drafts, value).toEqual({});
      drafts.getState().setText('cnv_1', 'fresh');
      drafts.getState().flush();
      expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: 'fresh' } });
    }
    storage.items.set(draftsKey('org_a'), JSON.stringify({ v: 1, drafts: [
      ['cnv_1', { text: 'kept' }], ['cnv_2', { text: 42 }], [7, { text: 'no id' }], 'junk',
      ['cnv_3', { template: { channel: 'whatsapp', templateId: 'tpl_1', values: { body: [{ kind: 'static', text: 1 }], header: [], mediaLink: '', buttons: {} } } }],
      ['cnv_4', { text: 'and', template: { channel: 'sms', templateId: 'x' } }],
      ['cnv_5', { template: RCS }], ['cnv_6', { template: { channel: 'rcs', templateId: 'rcs_1', typed: { a: 1 } } }],
    ] }));
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: 'kept' }, cnv_4: { text: 'and' }, cnv_5: { template: RCS } });
  });

  it('keep the contact they were begun for (across a reload and a failed send) until kept for another, or discarded', () => {
    const storage = memory();
    const before = createDraftsStore(() => storage);
    before.getState().openOrganization('org_a');
    before.getState().setText('cnv_1', 'Hi Alice', 'cnt_alice');
    // Typed on after the conversation moved to Ben: still the draft written for Alice.
    before.getState().setText('cnv_1', 'Hi Alice, your refund', 'cnt_ben');
    before.getState().setTemplate('cnv_2', WA, null);
    before.getState().flush();
    const after = createDraftsStore(() => storage);
    after.getState().openOrganization('org_a');
    expect(after.getState().drafts).toEqual({ cnv_1: { text: 'Hi Alice, your refund', contactId: 'cnt_alice' }, cnv_2: { template: WA } });
    const taken = after.getState().takeSending('cnv_1', { text: 'Hi Alice, your refund' });
    expect(after.getState().drafts.cnv_1).toBeUndefined();
    after.getState().giveBack('cnv_1', taken!);
    expect(after.getState().drafts.cnv_1).toEqual({ text: 'Hi Alice, your refund', contactId: 'cnt_alice' });
    after.getState().keepFor('cnv_1', 'cnt_ben');
    expect(readDrafts(storage, 'org_a').cnv_1).toEqual({ text: 'Hi Alice, your refund', contactId: 'cnt_ben' });
    after.getState().discard('cnv_1');
    expect(readDrafts(storage, 'org_a').cnv_1).toBeUndefined();
    // Emptied, a draft forgets its contact: the next one is begun for whoever has the conversation then.
    after.getState().setText('cnv_1', 'Hi Ben', 'cnt_ben');
    expect(after.getState().drafts.cnv_1).toEqual({ text: 'Hi Ben', contactId: 'cnt_ben' });
  });

  it('stay in memory when the storage refuses them or is not there', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    const drafts = createDraftsStore(() => refusing);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', 'still here');
    expect(drafts.getState().drafts).toEqual({ cnv_1: { text: 'still here' } });
    const none = createDraftsStore(() => { throw new Error('SecurityError'); });
    none.getState().openOrganization('org_a');
    none.getState().setText('cnv_1', 'in memory');
    expect(none.getState().drafts).toEqual({ cnv_1: { text: 'in memory' } });
  });
});

describe('drafts written to the storage', () => {
  const TYPED = 'It left our warehouse this morning.';
  /** `text` typed into cnv_1 one key at a time, `pauseMs` between keys. */
  function type(drafts: ReturnType<typeof createDraftsStore>, text: string, pauseMs = 60): void {
    for (let i = 1; i <= text.length; i++) {
      drafts.getState().setText('cnv_1', text.slice(0, i));
      vi.advanceTimersByTime(pauseMs);
    }
  }

  it('once typing pauses, not once a key: a reply typed at a key every 60 ms is one write, not one per key', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    type(drafts, TYPED);
    // Every key is in the draft shown at once; the storage has had none of it yet.
    expect(drafts.getState().drafts.cnv_1).toEqual({ text: TYPED });
    expect(storage.writes()).toBe(0);
    vi.advanceTimersByTime(DRAFTS_WRITE_MS - 60 - 1);
    expect(storage.writes()).toBe(0);
    vi.advanceTimersByTime(1);
    // Before: 35 writes (one per key of the 35), each of every draft kept.
    expect(storage.writes()).toBe(1);
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: TYPED } });
    // A template's values typed are written the same way.
    drafts.getState().setTemplate('cnv_2', RCS);
    drafts.getState().setTemplate('cnv_2', { ...RCS, typed: { order: '#1005' } });
    vi.advanceTimersByTime(DRAFTS_WRITE_MS);
    expect(storage.writes()).toBe(2);
    expect(readDrafts(storage, 'org_a').cnv_2).toEqual({ template: { ...RCS, typed: { order: '#1005' } } });
  });

  it('at once when flushed (a field left, another conversation, the page hidden or left), and nothing when nothing waits', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', TYPED);
    drafts.getState().flush();
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: TYPED } });
    expect(storage.writes()).toBe(1);
    // Written: the pause that follows writes nothing more, and neither does a flush with nothing waiting, which would put
    // the drafts in memory over what the storage holds.
    vi.advanceTimersByTime(DRAFTS_WRITE_MS * 2);
    storage.items.set(draftsKey('org_a'), 'set elsewhere');
    drafts.getState().flush();
    expect(storage.writes()).toBe(1);
    expect(storage.items.get(draftsKey('org_a'))).toBe('set elsewhere');
  });

  it('at once when a send starts or fails, with what was typed waiting, and nothing left to write after', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', 'Sent');
    drafts.getState().setText('cnv_2', 'typed in another');
    const taken = drafts.getState().takeSending('cnv_1', { text: 'Sent' });
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_2: { text: 'typed in another' } });
    expect(storage.writes()).toBe(1);
    vi.advanceTimersByTime(DRAFTS_WRITE_MS);
    expect(storage.writes()).toBe(1);
    drafts.getState().setText('cnv_1', 'More');
    drafts.getState().giveBack('cnv_1', taken!);
    expect(readDrafts(storage, 'org_a').cnv_1).toEqual({ text: 'Sent\nMore' });
    expect(storage.writes()).toBe(2);
  });

  it('for the organization they were typed in when another is opened before the pause', () => {
    const storage = memory();
    const drafts = createDraftsStore(() => storage);
    drafts.getState().openOrganization('org_a');
    drafts.getState().setText('cnv_1', TYPED);
    drafts.getState().openOrganization('org_b');
    vi.advanceTimersByTime(DRAFTS_WRITE_MS);
    expect(readDrafts(storage, 'org_a')).toEqual({ cnv_1: { text: TYPED } });
    expect(readDrafts(storage, 'org_b')).toEqual({});
  });
});
