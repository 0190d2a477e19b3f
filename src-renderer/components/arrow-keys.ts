// Tab lists and radio groups made of buttons, as the ARIA patterns have them: the chosen item is the group's
// one Tab stop, and the arrow keys (Home, End) move the choice to the neighbouring item, focused and chosen.
import type { KeyboardEvent } from 'react';

type Move = (at: number, count: number) => number;
const FORWARD: Move = (at, count) => (at + 1) % count;
const BACK: Move = (at, count) => (at - 1 + count) % count;
/** A tab list is a row: ← and →. A radio group takes ↑ and ↓ as well. */
const MOVES: Record<string, Move> = { ArrowRight: FORWARD, ArrowLeft: BACK, Home: () => 0, End: (_, count) => count - 1 };
const RADIO_MOVES: Record<string, Move> = { ...MOVES, ArrowDown: FORWARD, ArrowUp: BACK };

/** The `onKeyDown` of a `role="tablist"` or `role="radiogroup"`: the key's neighbour of the focused item is focused and clicked (chosen). */
export function moveChoice(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const group = event.currentTarget;
  const radios = group.getAttribute('role') === 'radiogroup';
  const items = [...group.querySelectorAll<HTMLElement>(radios ? '[role="radio"]' : '[role="tab"]')];
  const at = items.indexOf(event.target as HTMLElement);
  const move = (radios ? RADIO_MOVES : MOVES)[event.key];
  if (at < 0 || !move) return;
  event.preventDefault();
  const next = items[move(at, items.length)];
  next?.focus();
  next?.click();
}

/**
 * A list's step (a listbox, the inbox's conversations): where ↓, ↑, Home or End lands from `at` among `count`
 * rows, held at the ends rather than wrapping; null for another key. From nowhere (`at` -1), ↓ lands on the first.
 */
export function listStep(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  return key === 'ArrowDown' ? Math.min(last, at + 1) : key === 'ArrowUp' ? Math.max(0, at - 1) : key === 'Home' ? 0 : key === 'End' ? last : null;
}

/** A menu's step (the ARIA menu pattern): where ↓, ↑, Home or End moves among `count` items from `at`, wrapping; null for another key. */
export function menuStep(key: string, at: number, count: number): number | null {
  const move = key === 'ArrowDown' ? FORWARD : key === 'ArrowUp' ? BACK : key === 'Home' || key === 'End' ? MOVES[key] : undefined;
  return move ? move(at, count) : null;
}

/** An item's `tabIndex`: only the chosen one is in the Tab order; the arrows reach the others. */
export const tabStop = (chosen: boolean): 0 | -1 => (chosen ? 0 : -1);

/**
 * A tab list shows one panel at a time, the chosen tab's, under one id: every tab controls it (`aria-controls`:
 * choosing a tab changes what it holds), and it is labelled by the chosen tab. `group` makes the ids unique.
 */
export const tabProps = (group: string, id: string, chosen: boolean) => ({
  role: 'tab', id: `${group}-tab-${id}`, 'aria-controls': `${group}-panel`, 'aria-selected': chosen, tabIndex: tabStop(chosen),
}) as const;
/** The props of the panel under a tab list: the chosen tab's content, labelled by that tab. */
export const tabPanelProps = (group: string, chosen: string) => ({ role: 'tabpanel', id: `${group}-panel`, 'aria-labelledby': `${group}-tab-${chosen}` }) as const;
