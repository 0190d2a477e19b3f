// A search that finds nothing in the list shown says where it does find conversations (the channel's other lists, the
// same list on other channels), each a button that shows that list with the search kept: a conversation resolved a
// minute ago, or a customer who wrote on another channel, is a press away rather than "not found".
import type { Channel, ConversationState } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL } from '../../components/format.ts';
import { useSearchElsewhere, type SearchFound } from './queries.ts';

/** A list's name in a button: "Resolved · 1" on the same channel, "SMS · 2" (or "SMS, resolved · 2") on another. */
export function placeSaying(found: SearchFound, channel: Channel, state: ConversationState): string {
  const list = found.state === 'open' ? 'open' : found.state;
  const where = found.channel === channel ? `${list[0]!.toUpperCase()}${list.slice(1)}`
    : `${CHANNEL_LABEL[found.channel]}${found.state === state && state === 'open' ? '' : `, ${list}`}`;
  return `${where} · ${found.total.toLocaleString()}`;
}

/** `order`: the channels in the tabs' order; `onShow`: shows that channel's list of that state, the search kept. */
export function SearchElsewhere({ channel, search, state, order, onShow }: {
  channel: Channel; search: string; state: ConversationState; order: readonly Channel[]; onShow(found: SearchFound): void;
}) {
  const found = useSearchElsewhere(channel, search, state);
  const places = [...(found.data ?? [])].sort((a, b) => (a.channel === b.channel ? 0 : a.channel === channel ? -1 : b.channel === channel ? 1
    : order.indexOf(a.channel) - order.indexOf(b.channel)));
  if (places.length === 0) return null;
  return (
    <span className="search-elsewhere" role="group" aria-label="Matches in other lists" data-testid="search-elsewhere">
      <span>Found in:</span>
      {places.map((place) => (
        <button key={`${place.channel}-${place.state}`} type="button" className="button small" data-testid="search-elsewhere-place"
          data-channel={place.channel} data-state={place.state} onClick={() => onShow(place)}>{placeSaying(place, channel, state)}</button>
      ))}
    </span>
  );
}
