// Keeping the keyboard focus in place when the control that held it goes away (a panel closes, a form is
// done, a confirmation is answered): the focus moves to a sensible successor instead of falling to the page,
// where a screen reader loses its place and Enter or Space do nothing until the user tabs back in.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Whether the focus has fallen to the page (the element that held it was removed or disabled). */
export const focusLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * Applies `update` (a state change that removes the focused control) at once, then focuses what `next` finds
 * in the updated page: for a successor that only exists after the update, such as the button that opened a form.
 */
export function thenFocus(update: () => void, next: () => HTMLElement | null | undefined): void {
  flushSync(update);
  next()?.focus();
}

/** What takes the focus: an element held in a ref, or one found in the page as it is after the change. */
export type Successor = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined);

/**
 * When `state` changes (a change that replaced the focused control: Block… became Unblock, a key's Revoke gave way
 * to "revoked") and the focus fell to the page, focuses `successor`. It never takes the focus from where the user put it,
 * and `undefined` (not loaded yet) is no state: the first load of a page moves nothing.
 */
export function useFocusAfterChange(state: unknown, successor: Successor): void {
  const was = useRef(state);
  useLayoutEffect(() => {
    if (was.current !== undefined && state !== undefined && !Object.is(was.current, state) && focusLost()) {
      (typeof successor === 'function' ? successor() : successor.current)?.focus();
    }
    was.current = state;
  }, [state, successor]);
}

/**
 * Once `ready` (on mount, or when it turns true), focuses `target` if the focus fell to the page: a view that
 * replaced the one holding it, such as a campaign opened from its row, takes it on its title.
 */
export function useFocusIfLost(ready: boolean, target: Successor): void {
  useLayoutEffect(() => {
    if (ready && focusLost()) (typeof target === 'function' ? target() : target.current)?.focus();
  }, [ready, target]);
}

/** A key pressed in a text field, a select or anything editable is typing, not a page's shortcut (`/`, `e`, `?`). */
const TYPING = 'input, textarea, select, [contenteditable="true"]';
export const typingIn = (target: EventTarget | null): boolean => !!(target as HTMLElement | null)?.closest?.(TYPING);
