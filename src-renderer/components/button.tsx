// A button that keeps the keyboard focus when it becomes unavailable (its request is running, or its own press
// emptied what it needs, like Send clearing the reply). A natively disabled button drops the focus to the page,
// where a screen reader loses its place and the keyboard acts on nothing: while this one has the focus it is only
// aria-disabled and ignores presses; once the focus leaves, it is disabled as usual (and out of the tab order).
import { useState, type ComponentProps } from 'react';

export function Button({ disabled = false, onClick, onFocus, onBlur, ...props }: ComponentProps<'button'>) {
  const [focused, setFocused] = useState(false);
  // preventDefault: an unavailable submit button must not submit its form either.
  return (
    <button {...props} disabled={disabled && !focused} aria-disabled={disabled || undefined}
      onFocus={(e) => { setFocused(true); onFocus?.(e); }}
      onBlur={(e) => { setFocused(false); onBlur?.(e); }}
      onClick={(e) => { if (disabled) e.preventDefault(); else onClick?.(e); }} />
  );
}
