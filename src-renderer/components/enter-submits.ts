// Enter in a multi-line field sends its form, as the console's one-line fields do; Shift+Enter starts a new line.
import type { KeyboardEvent } from 'react';

/** Enter submits the field's form (not while an input method is composing, nor with a modifier); Shift+Enter is a new line. */
export function enterSubmits(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
