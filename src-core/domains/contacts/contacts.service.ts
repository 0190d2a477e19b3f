// The rules of contacts: creation, the console's edit, search, blocking (idempotent) and notes; events go to the outbox.
import {
  CONTACT_EDIT_FIELDS, eventContact, normalizeTag, uniqueTags, type BlockResult, type ConsoleContact, type Contact, type ContactNote, type CreateContactInput,
  type UpdateContactInput,
} from '../../contract/contacts.ts';
import { normalizePhone, type ListEnvelope } from '../../contract/common.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { RawJson } from '../../kernel/raw-json.ts';
import type { IdCondition } from '../../kernel/statements.store.ts';
import type { ContactFields, ContactRow, ContactsStore, ListFilters, NoteRow } from './contacts.store.ts';
import { keywordOf, optOutReason } from './opt-out-keywords.ts';

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id, username: row.username, name: row.name, email: row.email, phone: row.phone, profilePic: row.profile_pic,
    source: row.source, tags: JSON.parse(row.tags) as string[], lifecycleStageId: row.lifecycle_stage_id, isBlocked: row.is_blocked === 1,
    blockedReason: row.blocked_reason, blockedAt: row.blocked_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}
const toNote = (row: NoteRow): ContactNote => ({ id: row.id, contactId: row.contact_id, content: row.content, createdAt: row.created_at });

export type AddressChannel = 'whatsapp' | 'sms' | 'rcs' | 'email' | 'instagram';
const addressKind = (channel: AddressChannel): 'phone' | 'email' | 'username' =>
  channel === 'email' ? 'email' : channel === 'instagram' ? 'username' : 'phone';

/** Tags as the routes' schema leaves them (trimmed, inner spaces collapsed), for callers inside the core too. */
const cleanTags = (tags: readonly string[]): string[] => uniqueTags(tags.map(normalizeTag).filter(Boolean));

/**
 * CONTACT_BLOCKED with the stored reason. The code is in the body's extra fields too: the seed says a refused
 * send's 409 carries it, and unified send's bodies are otherwise `{message}` only.
 */
function blockedError(contact: Contact, status: 403 | 409): AppError {
  // Named as a person reads it (a campaign's failed recipients list these), with the id an integrator looks up.
  const name = contact.name?.trim() || contact.username || contact.email || contact.phone;
  const who = name ? `Contact ${name} (${contact.id})` : `Contact ${contact.id}`;
  return new AppError('CONTACT_BLOCKED', `${who} is blocked${contact.blockedReason ? `: ${contact.blockedReason}` : ''}`, {
    status, extra: { code: 'CONTACT_BLOCKED', contactId: contact.id, reason: contact.blockedReason },
  });
}

export function createContactsService(deps: { store: ContactsStore; db: Db; bus: Bus; clock: Clock }) {
  const { store, db, bus, clock } = deps;
  /** A list page's answer as sent, kept with the store's cached page it was made from: a repeat sends the same bytes. */
  const envelopes = new WeakMap<object, Buffer>();

  function mustGet(orgId: string, id: string): ContactRow {
    const row = store.byId(orgId, id);
    if (row) return row;
    // The email audience's ids are not contacts' (docs/contract-notes.md, Contacts): say so, and how to find the contact.
    if (id.startsWith('ec_')) {
      throw new AppError('NOT_FOUND', `Contact ${id} not found: ${id} is an email contact (GET /v1/email/contacts), not a contact; `
        + 'find the contact with GET /v1/contacts?search=<its email address> and use its cnt_ id');
    }
    throw notFound(`Contact ${id}`);
  }

  /** `optedOutOn`: the channel of the opt-out keyword that sets the block; null for a person's block and for an unblock. */
  function setBlocked(orgId: string, id: string, blocked: boolean, reason: string | null, optedOutOn: string | null = null): BlockResult {
    return db.tx(() => {
      const row = mustGet(orgId, id);
      const wasBlocked = row.is_blocked === 1;
      const newReason = blocked ? reason ?? (wasBlocked ? row.blocked_reason : null) : null;
      if (wasBlocked === blocked && newReason === row.blocked_reason) {
        return { success: true, contactId: id, isBlocked: blocked, reason: row.blocked_reason, blockedAt: row.blocked_at };
      }
      const at = clock.nowIso();
      const blockedAt = blocked ? (wasBlocked ? row.blocked_at : at) : null;
      store.setBlocked({ orgId, id, blocked, reason: newReason, at: blockedAt, optedOutOn, updated: at });
      const changedFields = wasBlocked === blocked ? ['blockedReason'] : ['isBlocked', 'blockedReason'];
      bus.emit(orgId, 'contact.updated', { contact: eventContact(toContact(mustGet(orgId, id))), changedFields });
      return { success: true, contactId: id, isBlocked: blocked, reason: newReason, blockedAt };
    });
  }

  /**
   * The first of `input`'s phone, email and username that another contact than `self` (the one edited) has: 409 naming
   * it (see `createNew`).
   */
  function assertAddressesFree(orgId: string, input: { phone?: string | null | undefined; email?: string | null | undefined; username?: string | null | undefined }, self?: string): void {
    const phone = input.phone ? normalizePhone(input.phone) : undefined;
    const email = input.email?.toLowerCase();
    const other = (holder: ContactRow | undefined) => (holder && holder.id !== self ? holder : undefined);
    const addresses = [
      { field: 'phone', value: phone, holder: phone ? other(store.byPhone(orgId, phone)) : undefined },
      { field: 'email', value: email, holder: email ? other(store.byEmail(orgId, email)) : undefined },
      { field: 'username', value: input.username, holder: input.username ? other(store.byUsername(orgId, input.username)) : undefined },
    ];
    const taken = addresses.find((address) => address.holder);
    if (!taken?.holder) return;
    const { field, value, holder } = taken;
    const who = holder.name?.trim() || holder.username || holder.email || holder.phone;
    // Read under the console's field, where an id is noise: `contactId` carries it.
    throw new AppError('CONFLICT', `Contact ${who} already has this ${field} (${value})`, { extra: { field, contactId: holder.id } });
  }

  return {
    create(orgId: string, input: CreateContactInput): Contact {
      return db.tx(() => {
        const at = clock.nowIso();
        const row = {
          id: newId('cnt'), org_id: orgId, username: input.username ?? null, name: input.name ?? null,
          email: input.email?.toLowerCase() ?? null, phone: input.phone ? normalizePhone(input.phone) : null,
          profile_pic: input.profilePic ?? null, source: input.source ?? 'manual', tags: cleanTags(input.tags ?? []),
          created_at: at, updated_at: at,
        };
        const contact = toContact(store.insert(row));
        bus.emit(orgId, 'contact.created', { contact: eventContact(contact), source: contact.source });
        return contact;
      });
    },
    /**
     * The console's create (`POST /dashboard/contacts`): refused with 409 `CONFLICT` naming the `field` (and the
     * `contactId` that has it) when another contact has its phone, email or username, the addresses channels find a
     * contact by (the oldest holder): a second one would never be found. Checked in the create's transaction.
     */
    createNew(orgId: string, input: CreateContactInput): Contact {
      return db.tx(() => {
        assertAddressesFree(orgId, input);
        return this.create(orgId, input);
      });
    },
    /**
     * The console's edit (`PATCH /dashboard/contacts/{id}`): the fields given, each as create stores it (null clears it),
     * so long as the contact keeps a name, username, email or phone (else 400), and a phone, email or username it takes
     * is no other contact's (create's 409). `contact.updated` with the fields whose stored value changed, in the record's
     * order; none changed: nothing written, no event. Messages and conversations are untouched (docs/contract-notes.md).
     */
    update(orgId: string, id: string, input: UpdateContactInput): Contact {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        const given = <T>(value: T | null | undefined, stored: string | null, as: (v: T) => string): string | null =>
          (value === undefined ? stored : value === null ? null : as(value));
        const next: ContactFields = {
          username: given(input.username, row.username, String), name: given(input.name, row.name, String),
          email: given(input.email, row.email, (email) => email.toLowerCase()), phone: given(input.phone, row.phone, normalizePhone),
          profile_pic: given(input.profilePic, row.profile_pic, String),
        };
        const column = (field: typeof CONTACT_EDIT_FIELDS[number]) => (field === 'profilePic' ? 'profile_pic' : field);
        const changedFields = CONTACT_EDIT_FIELDS.filter((field) => next[column(field)] !== row[column(field)]);
        if (!changedFields.length) return toContact(row);
        if (!next.name && !next.username && !next.email && !next.phone) {
          throw invalidField('Invalid body: a contact needs at least one of name, username, email or phone (this edit would leave it none)');
        }
        const changed = (field: 'phone' | 'email' | 'username') => (changedFields.includes(field) ? next[field] : null);
        assertAddressesFree(orgId, { phone: changed('phone'), email: changed('email'), username: changed('username') }, id);
        store.setFields(orgId, id, next, clock.nowIso());
        const contact = toContact(mustGet(orgId, id));
        bus.emit(orgId, 'contact.updated', { contact: eventContact(contact), changedFields });
        return contact;
      });
    },
    get: (orgId: string, id: string): Contact => toContact(mustGet(orgId, id)),
    /** The console's contact: whether its block is an opt-out comes from the stored channel, not the reason's text. */
    consoleGet(orgId: string, id: string): ConsoleContact {
      const row = mustGet(orgId, id);
      return { ...toContact(row), optedOutOn: row.is_blocked === 1 ? row.opted_out_on as ConsoleContact['optedOutOn'] : null };
    },
    /**
     * The unified contact behind a channel address (phone, email or instagram id), created when new
     * (`contact.created`) and given a name it lacked (`contact.updated`); joins the caller's transaction.
     * `handle`: the Instagram username the provider knows for the IGSID `address`. The contact is the one holding the
     * handle, else the IGSID; a new one is made with the handle, and one known only by the IGSID (its username the IGSID
     * itself, as an unknown sender's contact is stored) takes the handle: a username a person set is never replaced.
     */
    resolveAddress(orgId: string, channel: AddressChannel, address: string, name?: string, handle?: string): Contact {
      return db.tx(() => {
        const kind = addressKind(channel);
        const row = kind === 'phone' ? store.byPhone(orgId, normalizePhone(address))
          : kind === 'email' ? store.byEmail(orgId, address) : (handle ? store.byUsername(orgId, handle) : undefined) ?? store.byUsername(orgId, address);
        if (!row) {
          const input = kind === 'phone' ? { phone: address } : kind === 'email' ? { email: address } : { username: handle ?? address };
          return this.create(orgId, { ...input, name, source: channel });
        }
        const patch: UpdateContactInput = {
          ...(kind === 'username' && handle && row.username === address ? { username: handle } : {}),
          ...(name && !row.name ? { name } : {}),
        };
        return Object.keys(patch).length ? this.update(orgId, row.id, patch) : toContact(row);
      });
    },
    /**
     * A channel user changed the handle a contact was found by (an Instagram user's new username): the contact holding
     * `from` (case aside) takes `to` (`contact.updated`), unless another contact holds `to`. Null when none is changed.
     * Joins the caller's transaction.
     */
    renameUsername(orgId: string, from: string, to: string): Contact | null {
      return db.tx(() => {
        const row = store.byUsername(orgId, from);
        const holder = store.byUsername(orgId, to);
        if (!row || (holder && holder.id !== row.id) || row.username === to) return null;
        return this.update(orgId, row.id, { username: to });
      });
    },
    /**
     * The contact a person who gave their own name, email and phone is (a form's submitter): found by email, else by
     * phone; created when new with `source` (`contact.created`); else given the name, email or phone it lacked through
     * the edit (`contact.updated` naming them), an address another contact holds left where it is. Joins the caller's
     * transaction.
     */
    upsertByAddresses(orgId: string, input: { name?: string | undefined; email?: string | undefined; phone?: string | undefined }, source: string): Contact {
      return db.tx(() => {
        const email = input.email?.toLowerCase();
        const phone = input.phone ? normalizePhone(input.phone) : undefined;
        const row = (email ? store.byEmail(orgId, email) : undefined) ?? (phone ? store.byPhone(orgId, phone) : undefined);
        if (!row) return this.create(orgId, { name: input.name, email, phone, source });
        const patch: UpdateContactInput = {
          ...(input.name && !row.name ? { name: input.name } : {}),
          ...(email && !row.email && !store.byEmail(orgId, email) ? { email } : {}),
          ...(phone && !row.phone && !store.byPhone(orgId, phone) ? { phone } : {}),
        };
        return Object.keys(patch).length ? this.update(orgId, row.id, patch) : toContact(row);
      });
    },
    /**
     * The list envelope, serialized: each contact's JSON comes from the store as is. A search that matches
     * nothing as typed is corrected (`alcie` finds Alice), and then says so: `meta.fuzzy: true`. `filters.stageId`: only the
     * contacts in that lifecycle stage; `filters.tags`: only those with any of them, as a campaign segment selects.
     */
    list(orgId: string, search: string | undefined, page: PageRequest, filters: ListFilters = {}): RawJson {
      const listed = store.list(orgId, search, page, { fuzzy: true, ...filters });
      let bytes = envelopes.get(listed);
      if (!bytes) {
        const meta = { ...pageEnvelope([], listed.total, page).meta, ...(listed.fuzzy ? { fuzzy: listed.fuzzy } : {}) };
        bytes = Buffer.from(`{"data":[${listed.docs.join(',')}],"meta":${JSON.stringify(meta)}}`);
        envelopes.set(listed, bytes);
      }
      return new RawJson(bytes);
    },
    /**
     * Whether a contact matches a search (as `GET /contacts?search=`, never corrected), as a condition another domain's
     * store puts on its column of contact ids (the inbox search): every matching contact counts, however many; null
     * for a blank search.
     */
    matching: (orgId: string, search: string): IdCondition | null => store.matching(orgId, search),
    /**
     * The phones of an audience: every contact with a phone, or those with any of `tags` and matching `search`. Each
     * phone once: two contacts can share a number (made before the console's create refused it), and a campaign must not
     * send, or charge, twice to one phone.
     */
    audiencePhones(orgId: string, criteria: { tags?: string[] | undefined; search?: string | undefined }): string[] {
      const matching = criteria.search ? new Set(store.listUncached(orgId, criteria.search, { page: 1, limit: 1_000_000, offset: 0 }).docs.map((doc) => (JSON.parse(doc) as { id: string }).id)) : null;
      const phones = store.phones(orgId, criteria.tags?.length ? criteria.tags : null).filter((c) => !matching || matching.has(c.id)).map((c) => c.phone);
      return [...new Set(phones)];
    },
    /** The tags in use, with how many contacts carry each (the console suggests them where a segment is chosen). */
    tags: (orgId: string) => store.tagCounts(orgId),
    findByPhone: (orgId: string, phone: string): Contact | null => {
      const row = store.byPhone(orgId, normalizePhone(phone));
      return row ? toContact(row) : null;
    },
    /**
     * The contact of each of `phones` that has one (the oldest, as `findByPhone` picks), keyed by the phone as given:
     * one batched read for a page of calls, however many numbers it shows.
     */
    contactsByPhone(orgId: string, phones: readonly string[]): Map<string, { id: string; name: string | null }> {
      const stored = new Map(phones.map((phone) => [phone, normalizePhone(phone)]));
      const found = new Map<string, { id: string; name: string | null }>();
      for (const row of store.byPhones(orgId, [...new Set(stored.values())])) {
        if (row.phone && !found.has(row.phone)) found.set(row.phone, { id: row.id, name: row.name });
      }
      const byGiven = new Map<string, { id: string; name: string | null }>();
      for (const [given, phone] of stored) {
        const contact = found.get(phone);
        if (contact) byGiven.set(given, contact);
      }
      return byGiven;
    },
    findByEmail: (orgId: string, email: string): Contact | null => {
      const row = store.byEmail(orgId, email);
      return row ? toContact(row) : null;
    },
    /** Replaces the contact's tags (normalized, duplicates dropped); `contact.updated` with `["tags"]` when they change. */
    setTags(orgId: string, id: string, tags: string[]): Contact {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        const next = cleanTags(tags);
        if (JSON.stringify(next) === row.tags) return toContact(row);
        store.setTags(orgId, id, next, clock.nowIso());
        const contact = toContact(mustGet(orgId, id));
        bus.emit(orgId, 'contact.updated', { contact: eventContact(contact), changedFields: ['tags'] });
        return contact;
      });
    },
    /** A blank reason is no reason: a blocked contact keeps the one it has. */
    block: (orgId: string, id: string, reason: string | undefined): BlockResult => setBlocked(orgId, id, true, reason?.trim() || null),
    unblock: (orgId: string, id: string): BlockResult => setBlocked(orgId, id, false, null),
    /**
     * An inbound message that is an opt-out or opt-in keyword (opt-out-keywords.ts) acts on the contact it came from;
     * joins the caller's transaction. An opt-out blocks a contact not blocked yet (a block already set, and its reason,
     * stand); an opt-in lifts only a block an opt-out set, never one a person set.
     */
    applyKeyword(orgId: string, contactId: string, channel: AddressChannel, text: string): void {
      const keyword = keywordOf(channel, text);
      if (!keyword) return;
      db.tx(() => {
        const row = mustGet(orgId, contactId);
        if (keyword.kind === 'opt-out' && row.is_blocked === 0) setBlocked(orgId, contactId, true, optOutReason(keyword.keyword, channel), channel);
        if (keyword.kind === 'opt-in' && row.is_blocked === 1 && row.opted_out_on !== null) setBlocked(orgId, contactId, false, null);
      });
    },
    /** Every send path calls this: a blocked contact is refused with 409 CONTACT_BLOCKED and its reason. */
    assertSendable(contact: Contact | null): void {
      if (contact?.isBlocked) throw blockedError(contact, 409);
    },
    blockedError,
    /**
     * Every address (stored phone, or lower-cased email) whose send would be refused as blocked now, with that refusal:
     * the blocked contacts a send finds by it (the oldest holder, as `resolveAddress` picks). One query, for a campaign's launch.
     */
    blockedAddresses(orgId: string, kind: 'phone' | 'email'): Array<{ address: string; refusal: AppError }> {
      return store.blockedHolders(orgId, kind).map((row) => {
        const contact = toContact(row);
        return { address: kind === 'phone' ? (contact.phone as string) : (contact.email as string).toLowerCase(), refusal: blockedError(contact, 409) };
      });
    },
    listNotes(orgId: string, contactId: string, page: PageRequest): ListEnvelope<ContactNote> {
      mustGet(orgId, contactId);
      const { rows, total } = store.notes(orgId, contactId, page);
      return pageEnvelope(rows.map(toNote), total, page);
    },
    addNote(orgId: string, contactId: string, content: string): ContactNote {
      return db.tx(() => {
        mustGet(orgId, contactId);
        const row = { id: newId('note'), org_id: orgId, contact_id: contactId, content, created_at: clock.nowIso() };
        store.insertNote(row);
        return toNote(row);
      });
    },
    deleteNote(orgId: string, contactId: string, noteId: string): void {
      db.tx(() => {
        mustGet(orgId, contactId);
        if (!store.deleteNote(orgId, contactId, noteId)) throw notFound(`Note ${noteId}`);
      });
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
