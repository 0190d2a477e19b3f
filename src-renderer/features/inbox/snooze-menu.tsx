// The thread header's Snooze: a menu button (the ARIA menu button pattern) whose choices are computed from the virtual
// clock in the browser's time zone (snooze-choices.ts), each showing the time it ends at. Choosing one snoozes the
// conversation, or on a snoozed one moves its time there (the choice of the time it has already is marked current and
// does nothing); what the inbox shows next is the inbox's (`onChanged`, as Resolve's).
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { menuStep } from '../../components/arrow-keys.ts';
import { Button } from '../../components/button.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { useConversationState } from './mutations.ts';
import { snoozeChoices, snoozeTime, type SnoozeChoice } from './snooze-choices.ts';
import './snooze-menu.css';

export function SnoozeMenu({ conversation, onChanged }: { conversation: Conversation; onChanged(changed: Conversation, before: Conversation): void }) {
  const change = useConversationState(conversation.id);
  const now = useVirtualNow();
  // Open, with the item to focus first (↑ on the button opens on the last).
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const choices = now ? snoozeChoices(now) : [];
  // Snoozed already: the time it wakes at, which a choice may equal (chosen again, it would change nothing).
  const current = conversation.state === 'snoozed' ? conversation.snoozedUntil : null;
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // Under the button, from its left edge; where that runs past the pane (the button near its right edge, as in a wide
  // header), from its right edge instead: the pane scrolls what passes its edge, and the narrow layout wraps the header.
  const [alignEnd, setAlignEnd] = useState(false);
  useLayoutEffect(() => {
    if (!open || !menu.current || !wrap.current) return;
    const bounds = wrap.current.closest('.pane')?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
    const start = wrap.current.getBoundingClientRect().left;
    setAlignEnd(start + menu.current.offsetWidth > bounds.right);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open]);
  // A press outside closes it, leaving the focus where that press put it.
  useEffect(() => {
    if (!open) return undefined;
    const onPress = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);

  const close = () => {
    setOpen(null);
    button.current?.focus();
  };
  const choose = (choice: SnoozeChoice) => {
    // The focus goes back to Snooze first: when the conversation then leaves the list, the inbox moves it on with the thread.
    close();
    if (choice.until === current) return;
    change.mutate({ snoozeUntil: choice.until }, { onSuccess: (changed) => onChanged(changed, conversation) });
  };
  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(null);
      return;
    }
    const list = items();
    const next = menuStep(event.key, list.indexOf(event.target as HTMLElement), list.length);
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  }
  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
  }

  return (
    <div className="snooze" ref={wrap}>
      <Button ref={button} type="button" className="button small" data-testid="snooze-conversation" id={`snooze-${conversation.id}`}
        aria-haspopup="menu" aria-expanded={open !== null} aria-controls={open ? `snooze-menu-${conversation.id}` : undefined}
        disabled={change.isPending || !now}
        title={current ? 'Snoozed until another time instead' : 'Out of Open until a time; back by itself then, or when the customer writes'}
        onClick={() => (open ? setOpen(null) : setOpen('first'))} onKeyDown={onButtonKey}>
        {change.isPending ? 'Snoozing…' : 'Snooze'}
      </Button>
      {open ? (
        <div className={`snooze-menu${alignEnd ? ' align-end' : ''}`} role="menu" id={`snooze-menu-${conversation.id}`} aria-labelledby={`snooze-${conversation.id}`} ref={menu}
          data-testid="snooze-menu" onKeyDown={onMenuKey}>
          {choices.map((choice) => (
            <button key={choice.key} type="button" role="menuitem" tabIndex={-1} className="snooze-choice" data-testid={`snooze-${choice.key}`}
              data-until={choice.until} aria-disabled={choice.until === current || undefined} onClick={() => choose(choice)}>
              <span>{choice.label}</span>
              <span className="muted small">{snoozeTime(choice.until)}{choice.until === current ? ' · current' : ''}</span>
            </button>
          ))}
        </div>
      ) : null}
      {change.isError ? <span className="field-error" role="alert" data-testid="snooze-error">{change.error.message}</span> : null}
    </div>
  );
}
