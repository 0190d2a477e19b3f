// The only SQL of contacts: rows, trigram search, blocking and notes.
import type { Sql } from '../../kernel/db.ts';
import { charCount, searchTermInALabels } from '../../contract/common.ts';
import { tagKey, uniqueTags } from '../../contract/contacts.ts';
import { containsPattern, statementCache, type IdCondition } from '../../kernel/statements.store.ts';
import type { PageRequest } from '../../kernel/pagination.ts';
import { createVersionedCache } from '../../kernel/versioned-cache.ts';
import { contactWords, corrections } from './fuzzy.ts';
import { dataVersionOf } from '../../kernel/data-version.store.ts';

/** A page of a list; `fuzzy` when nothing matched as typed and the matches are of corrected terms. */
export type ListPage = { docs: string[]; total: number; fuzzy?: true };

export type ContactRow = {
  id: string; org_id: string; username: string | null; name: string | null; email: string | null; phone: string | null;
  profile_pic: string | null; source: string; tags: string; lifecycle_stage_id: string | null; is_blocked: number; blocked_reason: string | null;
  blocked_at: string | null; created_at: string; updated_at: string;
  /** The channel of the opt-out keyword that blocked the contact; null for a block a person set, or none (migration 33). */
  opted_out_on: string | null;
};
/** A contact to insert: its tags as a list (stored as JSON, duplicates dropped). */
export type NewContactRow = Omit<ContactRow, 'is_blocked' | 'blocked_reason' | 'blocked_at' | 'opted_out_on' | 'tags' | 'lifecycle_stage_id'> & { tags: readonly string[] };
/** What the console's edit sets, as stored. */
export type ContactFields = Pick<ContactRow, 'username' | 'name' | 'email' | 'phone' | 'profile_pic'>;
export type NoteRow = { id: string; org_id: string; contact_id: string; content: string; created_at: string };

const MIN_TRIGRAM = 3;

/**
 * Newest first is rowid order (rows are inserted in clock order). The page's first rowid is found in
 * the (org_id) index alone, so a deep OFFSET skips index entries, not rows; only the page's rows are read.
 */
export const LIST_NEWEST_SQL = `SELECT doc FROM contacts WHERE org_id = @orgId
  AND rowid <= (SELECT rowid FROM contacts WHERE org_id = @orgId ORDER BY rowid DESC LIMIT 1 OFFSET @offset)
  ORDER BY rowid DESC LIMIT @limit`;

/** A search term as the index sees it: phone-like input keeps only its digits; the rest is NFC, lower case. */
export function normalizeTerm(term: string): string {
  return /^[+\d\s().-]+$/.test(term) && /\d/.test(term) ? term.replace(/\D/g, '') : term.normalize('NFC').toLowerCase();
}

const ftsPhrase = (term: string): string => `"${term.replace(/"/g, '""')}"`;
/** A term and the words it may stand for (one, unless the search is corrected), as an FTS5 query. */
const ftsAny = (words: string[]): string => (words.length === 1 ? ftsPhrase(words[0] as string) : `(${words.map(ftsPhrase).join(' OR ')})`);
/**
 * A 1–2 character term as the start of a field: the index writes two U+0001 before every field
 * (migration 19), so "b" is the trigram "\x01\x01b" and "jo" the trigram "\x01jo".
 */
export const fieldStart = (term: string): string => '\u0001'.repeat(MIN_TRIGRAM - charCount(term)) + term;

/**
 * WHERE clause and parameters for a search, always through the trigram index (which ignores case and
 * accents): terms of 3+ characters match anywhere, shorter ones the start of a field. Next to a longer
 * term, a short one narrows the index's matches to those holding it anywhere (LIKE, as typed).
 */
function searchClause(groups: string[][], prefix = ''): { where: string[]; params: Record<string, unknown> } {
  const long = groups.filter((g) => charCount(g[0] as string) >= MIN_TRIGRAM);
  const short = groups.filter((g) => charCount(g[0] as string) < MIN_TRIGRAM).map((g) => g[0] as string);
  const params: Record<string, unknown> = {};
  const match = `${prefix}match`;
  const where = [`contacts_fts MATCH @${match}`];
  if (long.length === 0) {
    params[match] = short.map((term) => ftsPhrase(fieldStart(term))).join(' AND ');
    return { where, params };
  }
  params[match] = long.map(ftsAny).join(' AND ');
  short.forEach((term, i) => {
    const a = `${prefix}a${i}`;
    params[a] = containsPattern(term);
    where.push(`(c.name LIKE @${a} ESCAPE '\\' OR c.username LIKE @${a} ESCAPE '\\' OR c.email LIKE @${a} ESCAPE '\\' OR c.phone LIKE @${a} ESCAPE '\\')`);
  });
  return { where, params };
}

/** The search's terms as the index sees them (none for a blank search). */
const termsOf = (search: string | undefined): string[] => (search ?? '').split(/\s+/).filter(Boolean).map(normalizeTerm).filter(Boolean);

/**
 * Each term as typed and, when it names an internationalized domain (`bücher`, `kai@bücher.de`), that domain in the
 * A-labels emails are stored in (`xn--bcher-kva`): either matches, so the domain is found as the console shows it
 * and a name holding the word still is. One more phrase in the same index query; an ASCII term is as before.
 */
const withALabels = (terms: string[]): string[][] => terms.map((term) => {
  const ascii = searchTermInALabels(term);
  return ascii ? [term, ascii] : [term];
});

/** The prefix of the parameters of `matching`'s condition, so they clash with none of the statement it goes into. */
const CONDITION_PARAMS = 'contactSearch_';

/** A tag list as stored: a JSON array without duplicates (case aside), whoever asks (a contact never holds a tag twice). */
const tagsJson = (tags: readonly string[]): string => JSON.stringify(uniqueTags(tags));

/** What a list is narrowed to besides its search: a lifecycle stage, and tags (any of them). */
export type ListFilters = { stageId?: string | undefined; tags?: readonly string[] | undefined };

/** A contact (`c`) carrying any of the tags of the JSON array `@tagKeys` (keys): a segment's rule, as `phones` applies it. */
export const TAGGED_ANY_SQL = `c.tags <> '[]' AND EXISTS (SELECT 1 FROM json_each(c.tags) t WHERE tag_key(t.value) IN (SELECT value FROM json_each(@tagKeys)))`;

/**
 * WHERE conditions on `c` for a list's filters. Tags are a JSON column: each of the organization's rows is read through
 * the (org_id) index and its tags compared by `tag_key`, an untagged one (`[]`) skipped before any is; a page then stops
 * reading at its last row, the count reads them all (docs/contract-notes.md, Contacts, "Filtered by tag").
 */
function filterClause(filters: ListFilters): { where: string[]; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (filters.stageId) {
    where.push('c.lifecycle_stage_id = @stageId');
    params['stageId'] = filters.stageId;
  }
  if (filters.tags?.length) {
    where.push(TAGGED_ANY_SQL);
    params['tagKeys'] = JSON.stringify([...new Set(filters.tags.map(tagKey))]);
  }
  return { where, params };
}

export function createContactsStore(sql: Sql) {
  // A tag's key in SQL: the very function the contract compares tags by (SQLite's own lower() lowers ASCII letters only).
  sql.function('tag_key', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? tagKey(value) : value));
  const prepare = statementCache(sql);
  const insert = sql.prepare(`INSERT INTO contacts (id, org_id, username, name, email, phone, profile_pic, source, tags, created_at, updated_at)
    VALUES (@id, @org_id, @username, @name, @email, @phone, @profile_pic, @source, @tags, @created_at, @updated_at)`);
  const byId = sql.prepare(`SELECT * FROM contacts WHERE id = ? AND org_id = ?`);
  const byPhone = sql.prepare(`SELECT * FROM contacts WHERE org_id = ? AND phone = ? ORDER BY rowid LIMIT 1`);
  const byPhones = sql.prepare(`SELECT id, name, phone FROM contacts WHERE org_id = ? AND phone IN (SELECT value FROM json_each(?)) ORDER BY rowid`);
  const byEmail = sql.prepare(`SELECT * FROM contacts WHERE org_id = ? AND email = ? COLLATE NOCASE ORDER BY rowid LIMIT 1`);
  const setBlock = sql.prepare(`UPDATE contacts SET is_blocked = @blocked, blocked_reason = @reason, blocked_at = @at, opted_out_on = @optedOutOn, updated_at = @updated WHERE id = @id AND org_id = @orgId`);
  const insertNote = sql.prepare(`INSERT INTO contact_notes (id, org_id, contact_id, content, created_at) VALUES (@id, @org_id, @contact_id, @content, @created_at)`);
  const notesOf = sql.prepare(`SELECT * FROM contact_notes WHERE org_id = ? AND contact_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const countNotes = sql.prepare(`SELECT COUNT(*) AS n FROM contact_notes WHERE org_id = ? AND contact_id = ?`);
  const deleteNote = sql.prepare(`DELETE FROM contact_notes WHERE id = ? AND contact_id = ? AND org_id = ?`);
  const byUsername = sql.prepare(`SELECT * FROM contacts WHERE org_id = ? AND username = ? COLLATE NOCASE ORDER BY rowid LIMIT 1`);
  const setName = sql.prepare(`UPDATE contacts SET name = ?, updated_at = ? WHERE id = ? AND org_id = ?`);
  const setTags = sql.prepare(`UPDATE contacts SET tags = ?, updated_at = ? WHERE id = ? AND org_id = ?`);
  const setStage = sql.prepare(`UPDATE contacts SET lifecycle_stage_id = ?, updated_at = ? WHERE id = ? AND org_id = ?`);
  const setFields = sql.prepare(`UPDATE contacts SET username = @username, name = @name, email = @email, phone = @phone, profile_pic = @profile_pic,
    updated_at = @at WHERE id = @id AND org_id = @orgId`);
  const countAll = sql.prepare(`SELECT COALESCE((SELECT n FROM contact_counts WHERE org_id = ?), 0) AS n`);
  const pageAll = sql.prepare(LIST_NEWEST_SQL).pluck();
  const docOf = sql.prepare(`SELECT doc FROM contacts WHERE id = ? AND org_id = ?`).pluck();
  const oldestFirst = sql.prepare(`SELECT * FROM contacts WHERE org_id = ? ORDER BY rowid`);
  /** Blocked contacts that are the oldest holder of their phone (or email), the one `byPhone` (`byEmail`) picks. */
  const blockedHolders = {
    phone: sql.prepare(`SELECT * FROM contacts c WHERE c.org_id = ? AND c.is_blocked = 1 AND c.phone IS NOT NULL AND c.phone <> ''
      AND NOT EXISTS (SELECT 1 FROM contacts o WHERE o.org_id = c.org_id AND o.phone = c.phone AND o.rowid < c.rowid) ORDER BY c.rowid`),
    email: sql.prepare(`SELECT * FROM contacts c WHERE c.org_id = ? AND c.is_blocked = 1 AND c.email IS NOT NULL AND c.email <> ''
      AND NOT EXISTS (SELECT 1 FROM contacts o WHERE o.org_id = c.org_id AND o.email = c.email COLLATE NOCASE AND o.rowid < c.rowid) ORDER BY c.rowid`),
  };

  const wordsSource = sql.prepare(`SELECT name, username, email FROM contacts WHERE org_id = ?`).raw();

  const cache = createVersionedCache<ListPage>(sql);
  /**
   * Per organization, the distinct words of its contacts (see fuzzy.ts), for correcting a search: read from
   * the table at the first corrected search (100,000 contacts: about half a second), then kept up to date
   * by this store's writes; read again once another process has written. A word whose contacts are gone
   * (a rename, a rolled-back insert) stays: a correction to it finds nothing, and nothing is corrected.
   */
  const vocabularies = new Map<string, { version: number; words: Set<string> }>();
  const externalVersion = dataVersionOf(sql);
  const vocabularyOf = (orgId: string): Set<string> => {
    const version = externalVersion();
    const known = vocabularies.get(orgId);
    if (known && known.version === version) return known.words;
    const words = new Set<string>();
    for (const [name, username, email] of wordsSource.iterate(orgId) as Iterable<[string | null, string | null, string | null]>) {
      for (const word of contactWords({ name, username, email })) words.add(word);
    }
    vocabularies.set(orgId, { version, words });
    return words;
  };
  const learn = (orgId: string, row: { name: string | null; username: string | null; email: string | null }): void => {
    const known = vocabularies.get(orgId);
    if (known) for (const word of contactWords(row)) known.words.add(word);
  };
  /** A page of the contacts matching every group (a group: a term and the words it may stand for). */
  const searchPage = (orgId: string, groups: string[][], page: PageRequest, filters: ListFilters): ListPage => {
    const { where, params } = searchClause(groups);
    const from = 'contacts_fts f JOIN contacts c ON c.rowid = f.rowid';
    const filter = filterClause(filters);
    const clause = ['c.org_id = @orgId', ...filter.where, ...where].join(' AND ');
    const all = { ...params, ...filter.params, orgId, limit: page.limit, offset: page.offset };
    const docs = prepare(`SELECT c.doc FROM ${from} WHERE ${clause} ORDER BY f.rowid DESC LIMIT @limit OFFSET @offset`).pluck().all(all) as string[];
    const total = (prepare(`SELECT COUNT(*) AS n FROM ${from} WHERE ${clause}`).get(all) as { n: number }).n;
    return { docs, total };
  };
  // Every send to a phone looks its contact up (blocked? known?): cached until a contact changes.
  const phoneCache = createVersionedCache<ContactRow | undefined>(sql, 1024);
  const written = <T>(result: T): T => {
    cache.invalidate();
    phoneCache.invalidate();
    return result;
  };

  return {
    /** Inserts a new (unblocked) contact and returns its row as stored. */
    insert(row: NewContactRow): ContactRow {
      const stored = { ...row, tags: tagsJson(row.tags) };
      written(void insert.run(stored));
      learn(row.org_id, row);
      return { ...stored, lifecycle_stage_id: null, is_blocked: 0, blocked_reason: null, blocked_at: null, opted_out_on: null };
    },
    byId: (orgId: string, id: string) => byId.get(id, orgId) as ContactRow | undefined,
    byPhone: (orgId: string, phone: string) => phoneCache.read(`${orgId}\u0000${phone}`, () => byPhone.get(orgId, phone) as ContactRow | undefined),
    /** The contacts with any of `phones` (stored form), oldest first, as `byPhone` would pick them: one query on (org_id, phone). */
    byPhones: (orgId: string, phones: readonly string[]) => (phones.length === 0 ? [] : byPhones.all(orgId, JSON.stringify(phones)) as Array<Pick<ContactRow, 'id' | 'name' | 'phone'>>),
    /** Phones of the contacts that have one, oldest first, optionally only those with any of `tags` (case aside). */
    phones(orgId: string, tags: string[] | null): Array<{ id: string; phone: string }> {
      return prepare(`SELECT c.id, c.phone FROM contacts c WHERE c.org_id = @orgId AND c.phone IS NOT NULL AND c.phone <> ''
        AND (@tagKeys IS NULL OR (${TAGGED_ANY_SQL})) ORDER BY c.rowid`).all({ orgId, tagKeys: tags ? JSON.stringify(tags.map(tagKey)) : null }) as Array<{ id: string; phone: string }>;
    },
    /** Every tag the organization's contacts carry, once each as the tag rule tells them apart, with how many contacts carry it, most first. */
    tagCounts(orgId: string): Array<{ tag: string; contacts: number }> {
      return prepare(`SELECT MIN(t.value) AS tag, COUNT(DISTINCT contacts.id) AS contacts FROM contacts, json_each(contacts.tags) t
        WHERE contacts.org_id = @orgId GROUP BY tag_key(t.value) ORDER BY contacts DESC, tag`).all({ orgId }) as Array<{ tag: string; contacts: number }>;
    },
    byEmail: (orgId: string, email: string) => byEmail.get(orgId, email) as ContactRow | undefined,
    /** Every contact of the organization, oldest first (the order they were stored in): the export reads them one by one. */
    all: (orgId: string) => oldestFirst.iterate(orgId) as IterableIterator<ContactRow>,
    /** The blocked contacts a send to their phone (or email) finds, oldest holder first: one query, however many. */
    blockedHolders: (orgId: string, kind: 'phone' | 'email') => blockedHolders[kind].all(orgId) as ContactRow[],
    docOf: (orgId: string, id: string) => docOf.get(id, orgId) as string | undefined,
    byUsername: (orgId: string, username: string) => byUsername.get(orgId, username) as ContactRow | undefined,
    setName(orgId: string, id: string, name: string, at: string): void {
      written(void setName.run(name, at, id, orgId));
      learn(orgId, { name, username: null, email: null });
    },
    /** The console's edit: the contact's name, username, email, phone and picture as given (each as stored, or null). */
    setFields(orgId: string, id: string, fields: ContactFields, at: string): void {
      written(void setFields.run({ ...fields, at, id, orgId }));
      learn(orgId, fields);
    },
    setTags: (orgId: string, id: string, tags: readonly string[], at: string) => written(void setTags.run(tagsJson(tags), at, id, orgId)),
    /** The contact's lifecycle stage (null: none). */
    setStage: (orgId: string, id: string, stageId: string | null, at: string) => written(void setStage.run(stageId, at, id, orgId)),
    /** `optedOutOn`: the channel of the opt-out keyword that blocks the contact, null for a block a person sets (or an unblock). */
    setBlocked: (p: { orgId: string; id: string; blocked: boolean; reason: string | null; at: string | null; optedOutOn: string | null; updated: string }) =>
      written(void setBlock.run({ ...p, blocked: p.blocked ? 1 : 0 })),
    /**
     * A page of contacts as their API JSON (the `doc` column), newest first, with the total; cached until
     * contacts change. With `fuzzy`, a search that matches nothing as typed is tried again with its terms
     * corrected (see fuzzy.ts).
     */
    list(orgId: string, search: string | undefined, page: PageRequest, options: { fuzzy?: boolean } & ListFilters = {}): ListPage {
      const fuzzy = options.fuzzy === true;
      const { stageId, tags } = options;
      const key = `${orgId}|${page.limit}|${page.offset}|${fuzzy ? 'f' : ''}|${stageId ?? ''}|${tags?.length ? JSON.stringify(tags.map(tagKey)) : ''}|${search ?? ''}`;
      return cache.read(key, () => this.listUncached(orgId, search, page, { fuzzy, stageId, tags }));
    },
    /**
     * `stageId`: only the contacts in that lifecycle stage (through the (org_id, lifecycle_stage_id) index); `tags`: only
     * those with any of them (see `filterClause`). Without either, nor a search, the unfiltered path is as it was.
     */
    listUncached(orgId: string, search: string | undefined, page: PageRequest, options: { fuzzy?: boolean } & ListFilters = {}): ListPage {
      const terms = termsOf(search);
      const filters: ListFilters = { stageId: options.stageId, tags: options.tags };
      if (terms.length === 0 && (filters.stageId || filters.tags?.length)) {
        const filter = filterClause(filters);
        const filtered = `FROM contacts c WHERE c.org_id = @orgId AND ${filter.where.join(' AND ')}`;
        const all = { ...filter.params, orgId };
        return {
          docs: prepare(`SELECT c.doc ${filtered} ORDER BY c.rowid DESC LIMIT @limit OFFSET @offset`).pluck().all({ ...all, limit: page.limit, offset: page.offset }) as string[],
          total: (prepare(`SELECT COUNT(*) AS n ${filtered}`).get(all) as { n: number }).n,
        };
      }
      if (terms.length === 0) {
        return {
          docs: pageAll.all({ orgId, limit: page.limit, offset: page.offset }) as string[],
          total: (countAll.get(orgId) as { n: number }).n,
        };
      }
      const exact = searchPage(orgId, withALabels(terms), page, filters);
      if (exact.total > 0 || !options.fuzzy) return exact;
      const corrected = corrections(terms, vocabularyOf(orgId));
      if (!corrected) return exact;
      const found = searchPage(orgId, corrected, page, filters);
      return found.total > 0 ? { ...found, fuzzy: true } : exact;
    },
    /**
     * Whether the contact whose id a column of another store's statement holds matches a search (as `list` does, never
     * corrected): every match counts, however many. The index's matches are read once per statement, as rowids, and
     * each row's contact is looked up by its id, so the cost follows the rows that statement reads (a channel's
     * conversations), not how many contacts match (all 100,000 for "gmail"). Null for a blank search.
     */
    matching(orgId: string, search: string): IdCondition | null {
      const terms = termsOf(search);
      if (terms.length === 0) return null;
      const { where: [match, ...narrowing], params } = searchClause(withALabels(terms), CONDITION_PARAMS);
      const org = `${CONDITION_PARAMS}orgId`;
      const where = [`c.org_id = @${org}`, `c.rowid IN (SELECT rowid FROM contacts_fts WHERE ${match as string})`, ...narrowing];
      return { on: (column) => `EXISTS (SELECT 1 FROM contacts c WHERE c.id = ${column} AND ${where.join(' AND ')})`, params: { ...params, [org]: orgId } };
    },
    insertNote: (row: NoteRow) => void insertNote.run(row),
    notes: (orgId: string, contactId: string, page: PageRequest) => ({
      rows: notesOf.all(orgId, contactId, page.limit, page.offset) as NoteRow[],
      total: (countNotes.get(orgId, contactId) as { n: number }).n,
    }),
    deleteNote: (orgId: string, contactId: string, noteId: string) => deleteNote.run(noteId, contactId, orgId).changes === 1,
  };
}
export type ContactsStore = ReturnType<typeof createContactsStore>;
