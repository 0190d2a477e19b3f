// Keyboard shortcuts: `?` anywhere in the console (outside a text field) or the top bar's Shortcuts button opens a list
// of every key the console answers to, page by page, in a native modal dialog (Escape or Close leaves it, the focus back
// where it was).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { thenFocus, typingIn } from '../components/focus.ts';
import { RESOLVE_KEY } from '../features/inbox/resolve-button.tsx';
import { UNDO_KEY } from '../features/inbox/undo.ts';

/** The key that opens the list, as `aria-keyshortcuts` names it. */
export const SHORTCUTS_KEY = '?';

type Shortcut = { keys: string[]; does: string };
export const SHORTCUTS: Array<{ title: string; shortcuts: Shortcut[] }> = [
  { title: 'Anywhere', shortcuts: [{ keys: [SHORTCUTS_KEY], does: 'Show these shortcuts' }, { keys: ['Esc'], does: 'Close a dialog, a menu or a details panel' }] },
  {
    title: 'Inbox',
    shortcuts: [
      { keys: ['/'], does: 'Search the conversations' },
      { keys: ['↑', '↓'], does: 'Previous or next conversation (Home, End: first or last)' },
      { keys: ['↓'], does: 'From the search: into the conversations' },
      { keys: [RESOLVE_KEY], does: 'Resolve the open conversation (Reopen a resolved one)' },
      { keys: [UNDO_KEY], does: 'Undo the last Resolve or Snooze while its notice shows' },
      { keys: ['Enter'], does: 'In the reply: send it (Shift+Enter: a new line)' },
      { keys: ['Esc'], does: 'In the reply: back to the conversation in the list (the draft kept)' },
      { keys: ['/'], does: 'In an empty reply: pick a saved reply (↑ ↓ choose, Enter inserts, Esc goes back)' },
    ],
  },
  {
    title: 'Contacts',
    shortcuts: [
      { keys: ['↓'], does: 'From the search: into the contacts' },
      { keys: ['↑', '↓'], does: 'Previous or next contact (Home, End: first or last)' },
    ],
  },
  { title: 'Tabs, menus and choices', shortcuts: [{ keys: ['←', '→'], does: 'Move between tabs and options (↑ ↓ in a menu)' }] },
];

function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dialog shortcuts-dialog" aria-labelledby="shortcuts-title" data-testid="shortcuts-dialog"
      onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      {SHORTCUTS.map((group) => (
        <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
          <h3 id={`shortcuts-${group.title}`}>{group.title}</h3>
          <dl className="shortcuts">
            {group.shortcuts.map((shortcut) => (
              <div key={`${shortcut.keys.join()}${shortcut.does}`} className="shortcut" data-testid="shortcut">
                <dt>{shortcut.keys.map((key, i) => <span key={key}>{i > 0 ? ' ' : null}<kbd>{key}</kbd></span>)}</dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="actions">
        <button type="button" className="button primary" onClick={onClose} data-testid="close-shortcuts" autoFocus>Close</button>
      </div>
    </dialog>
  );
}

/**
 * The top bar's Shortcuts button (not at a phone's width, where there is seldom a keyboard: styles/phone.css), and `?`
 * anywhere outside a text field; the focus goes back where it was on closing.
 */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const show = () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== SHORTCUTS_KEY || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingIn(e.target)) return;
      if ((e.target as HTMLElement | null)?.closest?.('dialog[open], [role="dialog"]')) return;
      e.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // Once the modal is gone (the page behind it is inert while it is open).
  const close = () => thenFocus(() => setOpen(false), () => returnTo.current);
  return (
    <>
      <button type="button" className="button ghost shortcuts-button" onClick={show} data-testid="shortcuts-button" aria-haspopup="dialog"
        aria-keyshortcuts={SHORTCUTS_KEY} title={`Keyboard shortcuts (${SHORTCUTS_KEY})`}>
        <span aria-hidden>⌨</span> Shortcuts
      </button>
      {open ? <ShortcutsDialog onClose={close} /> : null}
    </>
  );
}
