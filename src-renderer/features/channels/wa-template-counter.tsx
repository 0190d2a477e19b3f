// How much of a template part's limit its text uses, counted as the core counts it (trimmed); over the limit it says
// so, as the core will refuse it (the limits are the contract's, src-core/contract/whatsapp.ts).
import { countedLength } from './wa-template-draft.ts';

export function Counter({ text, max }: { text: string; max: number }) {
  const used = countedLength(text);
  const over = used > max;
  return (
    <span className={`muted small counter${over ? ' over' : ''}`} data-testid="char-count" data-over={over}>
      {used} / {max}{over ? ` · ${used - max} too many` : ''}
    </span>
  );
}
