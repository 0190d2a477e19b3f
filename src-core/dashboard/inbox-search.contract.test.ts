// An inbox search over real HTTP says what it matched: each conversation listed carries `searchMatch`, the most recent
// of its messages whose text holds the term as a snippet with the term's place in it (accents and case aside), when
// only message text found it; null when its contact's name, handle or number (or its address) matched, even if a message
// holds the term too; a list read without a search carries none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ListEnvelope } from '../contract/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
const OLIVER = '+14155550601';
const MEERA = '+14155550602';
const write = async (from: string, text: string) => {
  expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
  await t.advance(1);
};
/** The conversations a read of the list answers. */
const listed = async (query: string): Promise<Conversation[]> => ((await t.dashboard('GET', `/dashboard/conversations?${query}`)).body as ListEnvelope<Conversation>).data;
const search = (term: string) => listed(`channel=whatsapp&search=${encodeURIComponent(term)}`);
/** A match as the row shows it: the snippet with the term in brackets. */
const shown = (c: Conversation | undefined) => {
  const match = c?.searchMatch;
  if (!match) return match;
  const { snippet, highlight: { start, length } } = match;
  return `${snippet.slice(0, start)}[${snippet.slice(start, start + length)}]${snippet.slice(start + length)}`;
};

beforeAll(async () => {
  t = await createTestServer();
  await write(OLIVER, 'Do you have the jacket in blue?');
  await write(OLIVER, 'Actually the BLUE one in size M, please');
  await write(OLIVER, 'Thanks!');
  await write(MEERA, 'Ask José about my order');
  await write(MEERA, `${'I wrote before about this, '.repeat(4)}and the blue scarf never came`);
  await write(MEERA, 'Hello?');
  const meera = (await t.dashboard('GET', `/dashboard/contacts?search=${MEERA.slice(1)}`)).body.data[0];
  t.server.services.contacts.resolveAddress(t.organizationId, 'whatsapp', meera.phone, 'Meera Blue');
});
afterAll(async () => {
  await t.close();
});

describe('inbox search: what it matched', () => {
  it('gives each conversation its most recent message holding the term, the term marked, not its latest message', async () => {
    const found = await search('blue');
    expect(found.map((c) => [c.address, c.lastMessage])).toEqual([[MEERA, 'Hello?'], [OLIVER, 'Thanks!']]);
    const [meera, oliver] = found;
    expect(shown(oliver)).toBe('Actually the [BLUE] one in size M, please');
    const thread = (await t.dashboard('GET', `/dashboard/conversations/${oliver?.id}/messages`)).body.data as Array<{ id: string; text: string; createdAt: string }>;
    const matched = thread.find((m) => m.text.startsWith('Actually'));
    expect(oliver?.searchMatch).toMatchObject({ messageId: matched?.id, createdAt: matched?.createdAt });
    // Meera's name ("Meera Blue") holds it as well as her message: found by her name, her row is the usual one.
    expect(meera?.searchMatch).toBeNull();
    // Found by that message's text alone, a long message is cut to a few words before the term.
    expect(shown((await search('scarf'))[0])).toBe('…and the blue [scarf] never came');
  });

  it('marks the term as written, accents and case aside, and says null when only the name or number matched', async () => {
    expect(shown((await search('JOSE'))[0])).toBe('Ask [José] about my order');
    const byName = await search('meera');
    expect(byName.map((c) => [c.address, c.searchMatch])).toEqual([[MEERA, null]]);
    expect((await search(OLIVER.slice(1)))[0]?.searchMatch).toBeNull();
    expect(shown((await search('thanks'))[0])).toBe('[Thanks]!'); // the latest message, when it is the match
  });

  it('leaves searchMatch out of a list read without a search, and out of a contact\'s conversations', async () => {
    const all = await listed('channel=whatsapp');
    expect(all).toHaveLength(2);
    expect(all.every((c) => !('searchMatch' in c))).toBe(true);
    const contactId = all[0]?.contactId;
    const ofContact = await listed(`contactId=${contactId ?? ''}`);
    expect(ofContact.every((c) => !('searchMatch' in c))).toBe(true);
  });
});
