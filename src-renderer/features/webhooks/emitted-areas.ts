// What this build's webhooks carry, in words, read from the event catalogue: the areas of the events it emits
// ("contacts and messages on WhatsApp, SMS, …"), so the console promises nothing the build never fires.
import { CHANNELS, type Channel } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL } from '../../components/format.ts';
import type { CatalogueEvent } from './queries.ts';

/** An area of the catalogue that is not a channel, as a person says it (`shopify.order.created` is about orders). */
const AREA_WORDS: Record<string, string> = { contact: 'contacts', form: 'forms', voice: 'calls', shopify: 'orders' };

const isChannel = (area: string): area is Channel => (CHANNELS as readonly string[]).includes(area);
/** `a`, `a and b`, `a, b and c`. */
const joined = (words: string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`);

/** The emitted events' areas in words, channels named as the console names them; null when the catalogue emits nothing. */
export function emittedAreas(events: CatalogueEvent[]): string | null {
  const areas = new Set(events.filter((e) => e.emitted).map((e) => e.type.split('.')[0] ?? e.type));
  const others = [...new Set([...areas].filter((area) => !isChannel(area)).map((area) => AREA_WORDS[area] ?? area))];
  const channels = CHANNELS.filter((channel) => areas.has(channel)).map((channel) => CHANNEL_LABEL[channel]);
  const words = channels.length > 0 ? [...others, `messages on ${joined(channels)}`] : others;
  return words.length > 0 ? joined(words) : null;
}

/** The fold's words for `count` events this build never fires: `1 event …`, `2 events …`. */
export const notSentYet = (count: number): string => `${count === 1 ? 'event' : 'events'} Switchboard does not send yet`;
