// A conversation's line under its name (the inbox's rows, the contact panel's): its last message, marked "! Failed:"
// when that failed; in a search's answer, the message the search matched instead, the term marked as the core placed it.
// "Draft ·" before it while a reply written there (text, or a template chosen) is unsent (stores/drafts.ts), so it is
// found again.
import type { Conversation, SearchMatch } from '../../../src-core/contract/index.ts';
import { useDrafts } from '../../stores/drafts.ts';
import { holdsSomething } from '../../stores/drafts-storage.ts';

/** Says a conversation's last message was not delivered; read as "Failed:" before the message. */
export function FailedMark() {
  return <span className="row-failed" data-testid="row-failed" title="The last message was not delivered"><span aria-hidden>! </span>Failed: </span>;
}

/** The snippet of a search's match with its term marked. */
function MatchedText({ match }: { match: SearchMatch }) {
  const { snippet, highlight: { start, length } } = match;
  return (
    <span data-testid="search-snippet">
      {snippet.slice(0, start)}<mark data-testid="search-mark">{snippet.slice(start, start + length)}</mark>{snippet.slice(start + length)}
    </span>
  );
}

export function ConversationPreview({ conversation: c }: { conversation: Conversation }) {
  const match = c.searchMatch;
  // The failed mark is the last message's: it goes with the match only when the match is that message.
  const failed = c.lastMessageFailed && (!match || match.createdAt === c.lastMessageAt);
  const drafted = useDrafts((state) => holdsSomething(state.drafts[c.id]));
  return (
    <div className="row-sub">
      {drafted ? <span className="row-draft" data-testid="row-draft" title="A reply written here is not sent yet">Draft · </span> : null}
      {failed ? <FailedMark /> : null}
      {match ? <MatchedText match={match} /> : c.lastMessage ?? ''}
    </div>
  );
}
