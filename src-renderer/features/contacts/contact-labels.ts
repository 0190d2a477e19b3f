// Words for what the core stores as codes: a contact's `source` (the channel or place it came from).
import { CHANNEL_LABEL } from '../../components/format.ts';

const SOURCE_LABELS: Record<string, string> = { ...CHANNEL_LABEL, manual: 'Manual', shopify: 'Shopify' };

/** `whatsapp` → `WhatsApp`; a source the console does not know (`web_widget`) → `Web widget`. */
export function sourceLabel(source: string): string {
  const known = SOURCE_LABELS[source.toLowerCase()];
  if (known) return known;
  const words = source.replace(/[_-]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : source;
}
