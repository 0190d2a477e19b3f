// Contacts from a file and to one: the import (rows checked, one person's rows merged, matched to the organization's
// contacts, written in one transaction with their events) and the CSV export.
import { CONTACTS_CSV_COLUMNS, contactCsvLine, contactImportFieldsSchema, type ContactImportResult, type ContactImportRow } from '../../contract/contacts-csv.ts';
import { cutShort, fewThenMore } from '../../contract/common.ts';
import { eventContact, TAGS_MAX, uniqueTags, type Contact, type CreateContactInput } from '../../contract/contacts.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { zodMessage, type Issue } from '../../kernel/parse-input.ts';
import type { ContactRow, ContactsStore } from './contacts.store.ts';
import type { LifecycleStagesService } from './lifecycle-stages.service.ts';

/**
 * One person of the file: the rows naming them (1-based), the first name given, every phone, email and username (first
 * first), every tag, and the first lifecycle stage given (its id).
 */
type Person = { rows: number[]; name: string | undefined; phones: string[]; emails: string[]; usernames: string[]; tags: string[]; stageId: string | undefined };
type Skipped = ContactImportResult['skipped'][number];

const unique = (values: string[]): string[] => [...new Set(values)];
const merged = (into: Person, from: Person): Person => ({
  rows: [...into.rows, ...from.rows].sort((a, b) => a - b), name: into.name ?? from.name,
  phones: unique([...into.phones, ...from.phones]), emails: unique([...into.emails, ...from.emails]),
  usernames: unique([...into.usernames, ...from.usernames]), tags: uniqueTags([...into.tags, ...from.tags]), stageId: into.stageId ?? from.stageId,
});

/** The organization's lifecycle stages by name, case aside, and the refusal of a name none has. */
function stageNames(stages: ReadonlyArray<{ id: string; name: string }>) {
  const byName = new Map<string, string>();
  for (const stage of stages) if (!byName.has(stage.name.toLowerCase())) byName.set(stage.name.toLowerCase(), stage.id);
  return {
    idOf: (name: string): string | undefined => byName.get(name.toLowerCase()),
    unknown: (name: string): string => `no lifecycle stage named ${JSON.stringify(cutShort(name, 50))}`
      + (stages.length ? ` (the stages: ${fewThenMore(stages, 5, (stage) => stage.name)})` : ' (the organization has no lifecycle stages)'),
  };
}

/** Each row checked as `POST /dashboard/contacts` checks its fields: a person of it, or why it is skipped. */
function checkRows(rows: readonly ContactImportRow[], stages: ReturnType<typeof stageNames>): { people: Person[]; skipped: Skipped[] } {
  const people: Person[] = [];
  const skipped: Skipped[] = [];
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = contactImportFieldsSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) return void skipped.push({ row, reason: zodMessage('row', parsed.error.issues as Issue[]) });
    const { name, phone, email, username, tags, lifecycleStage } = parsed.data;
    // A name alone tells one contact from no other: a second import could not find it again, and would make it twice.
    if (!phone && !email && !username) {
      return void skipped.push({ row, reason: Object.values(raw).some((value) => value !== undefined) ? 'no phone, email or username' : 'empty row' });
    }
    const stageId = lifecycleStage === undefined ? undefined : stages.idOf(lifecycleStage);
    if (lifecycleStage !== undefined && !stageId) return void skipped.push({ row, reason: stages.unknown(lifecycleStage) });
    people.push({
      rows: [row], name, phones: phone ? [phone] : [], emails: email ? [email.toLowerCase()] : [], usernames: username ? [username] : [], tags: tags ?? [], stageId,
    });
  });
  return { people, skipped };
}

/** Rows sharing a phone, an email or a username (directly or through another row) as one person, in the order first met. */
function mergeSamePerson(rows: Person[]): Person[] {
  const groups: Array<Person | null> = [];
  const owner = new Map<string, number>();
  for (const row of rows) {
    // Usernames case aside, as channels and the store find them.
    const keys = [...row.phones.map((p) => `p:${p}`), ...row.emails.map((e) => `e:${e}`), ...row.usernames.map((u) => `u:${u.toLowerCase()}`)];
    const hits = unique(keys.flatMap((key) => (owner.has(key) ? [String(owner.get(key))] : []))).map(Number).sort((a, b) => a - b);
    const target = hits[0] ?? groups.push(null) - 1;
    // The groups joined in the order they were met, then this row: the first name, phone and email of the file stay first.
    groups[target] = [...hits.map((index) => groups[index] as Person), row].reduce(merged);
    for (const other of hits.slice(1)) {
      groups[other] = null;
      for (const [key, index] of owner) if (index === other) owner.set(key, target);
    }
    for (const key of keys) owner.set(key, target);
  }
  return groups.filter((group): group is Person => group !== null);
}

export type ImportDeps = {
  store: ContactsStore; db: Db; bus: Bus; clock: Clock;
  create(orgId: string, input: CreateContactInput): Contact;
  toContact(row: ContactRow): Contact;
  /** A contact's stage is set as `PUT /dashboard/contacts/:id/lifecycle-stage` sets it (its events with it). */
  stages: Pick<LifecycleStagesService, 'list' | 'setContactStage'>;
};

export function createContactsTransfer(deps: ImportDeps) {
  const { store, db, bus, clock } = deps;
  /** The organization's contact a person is: by any of their phones first, then any of their emails, then any of their usernames. */
  const existing = (orgId: string, person: Person): ContactRow | undefined =>
    person.phones.map((phone) => store.byPhone(orgId, phone)).find(Boolean) ?? person.emails.map((email) => store.byEmail(orgId, email)).find(Boolean)
      ?? person.usernames.map((username) => store.byUsername(orgId, username)).find(Boolean);

  /** Tags added (`tags`: the contact's with the person's), a name set where it has none; nothing else. Answers whether it changed. */
  function update(orgId: string, row: ContactRow, person: Person, tags: string[], had: number): boolean {
    const changedFields = [...(person.name && !row.name ? ['name'] : []), ...(tags.length > had ? ['tags'] : [])];
    if (!changedFields.length) return false;
    const at = clock.nowIso();
    if (changedFields.includes('name')) store.setName(orgId, row.id, person.name as string, at);
    if (changedFields.includes('tags')) store.setTags(orgId, row.id, tags, at);
    bus.emit(orgId, 'contact.updated', { contact: eventContact(deps.toContact(store.byId(orgId, row.id) as ContactRow)), changedFields });
    return true;
  }

  /** The people of the file in the order first met, each with the organization's contact it is, if any. */
  function plan(orgId: string, people: Person[]): Array<{ person: Person; row: ContactRow | undefined }> {
    const steps: Array<{ person: Person; row: ContactRow | undefined }> = [];
    const byContact = new Map<string, { person: Person; row: ContactRow | undefined }>();
    for (const person of mergeSamePerson(people)) {
      const row = existing(orgId, person);
      // Two people of the file that are one contact of the organization (one by phone, the other by email) are one.
      const known = row ? byContact.get(row.id) : undefined;
      if (known) known.person = merged(known.person, person);
      else {
        const step = { person, row };
        steps.push(step);
        if (row) byContact.set(row.id, step);
      }
    }
    return steps;
  }

  return {
    /** Imports `rows` in one transaction: each contact created or changed emits its event as a single create or update does. */
    importRows(orgId: string, rows: readonly ContactImportRow[]): ContactImportResult {
      const { people, skipped } = checkRows(rows, stageNames(deps.stages.list(orgId)));
      const result = { created: 0, updated: 0, unchanged: 0 };
      const skip = (person: Person, reason: string) => person.rows.forEach((row) => skipped.push({ row, reason }));
      db.tx(() => {
        for (const { person, row } of plan(orgId, people)) {
          const had = row ? JSON.parse(row.tags) as string[] : [];
          const tags = uniqueTags([...had, ...person.tags]);
          if (tags.length > TAGS_MAX && tags.length > had.length) {
            skip(person, `the contact would have more than ${TAGS_MAX} tags${row ? ` (it has ${had.length})` : ''}`);
          } else if (!row) {
            const contact = deps.create(orgId, { name: person.name, phone: person.phones[0], email: person.emails[0], username: person.usernames[0], tags, source: 'import' });
            if (person.stageId) deps.stages.setContactStage(orgId, contact.id, person.stageId);
            result.created++;
          } else {
            const changed = update(orgId, row, person, tags, had.length);
            const moved = person.stageId !== undefined && person.stageId !== row.lifecycle_stage_id;
            if (moved) deps.stages.setContactStage(orgId, row.id, person.stageId as string);
            if (changed || moved) result.updated++;
            else result.unchanged++;
          }
        }
      });
      return { ...result, skipped: skipped.sort((a, b) => a.row - b.row) };
    },
    /** Every contact of the organization as a CSV file (RFC 4180, CRLF), oldest first, after a UTF-8 byte order mark. */
    exportCsv(orgId: string): Buffer {
      const lines = [CONTACTS_CSV_COLUMNS.join(',')];
      const stageName = new Map(deps.stages.list(orgId).map((stage) => [stage.id, stage.name]));
      for (const row of store.all(orgId)) lines.push(contactCsvLine(deps.toContact(row), row.lifecycle_stage_id === null ? null : stageName.get(row.lifecycle_stage_id) ?? null));
      return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
    },
  };
}
export type ContactsTransfer = ReturnType<typeof createContactsTransfer>;
