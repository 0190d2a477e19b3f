// A party of an app call as the console names it: an app user the identities know by their display name, with their
// external id beside it; anyone else (a phone, masked; the business number; the team; an agent) as the call shows them.
/** `id` is the call's `from` or `to`; `name` the console's `fromDisplayName` or `toDisplayName`. */
export function AppCallParty({ id, name }: { id: string; name: string | null }) {
  if (!name) return <span className="mono">{id}</span>;
  // The space reads the two apart in text and to a screen reader.
  return <span className="app-party" data-testid="app-call-party" data-external-id={id}>{name}{' '}<span className="mono small app-party-id">{id}</span></span>;
}

/** The same in words, for a heading's or a fact's text: "Alice Johnson (cust_1042)", or the id alone. */
export const partyText = (id: string, name: string | null): string => (name ? `${name} (${id})` : id);
