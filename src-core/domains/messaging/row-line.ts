// A message on one line, as an inbox row shows it: a rich card's title apart from its body (`title · text`), where its
// stored text has them on two lines as a phone draws them. An RCS send's conversation preview and a search's snippet
// both read it from here, so a card's row says the same whether the list is searched or not.

/** A card's one line: its title, then its text (the text alone without a title). */
export const cardLine = (title: string | null, text: string): string => (title ? `${title} · ${text}` : text);

/**
 * A stored message's text as a row shows it: an RCS card whose text is its title over its body reads `title · body`;
 * anything else (a customer's own line breaks among it) as written.
 */
export function rowLine(message: { channel: string; text: string; content: string }): string {
  if (message.channel !== 'rcs') return message.text;
  const { title, text } = JSON.parse(message.content) as { title?: unknown; text?: unknown };
  if (typeof title !== 'string' || !title || typeof text !== 'string') return message.text;
  return message.text === `${title}\n${text}` ? cardLine(title, text) : message.text;
}
