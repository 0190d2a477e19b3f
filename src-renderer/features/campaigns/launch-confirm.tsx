// The one confirmation before a campaign goes out, wherever it is launched (each channel's builder, a draft's page): a
// native modal, as the console's other dialogs are (the block dialog's pattern: showModal() keeps the focus inside, makes
// the page behind inert, and Escape cancels), saying in plain words what will happen (launch-words.ts). The focus starts
// on Cancel, the safe answer, and goes back to whatever asked (the launch button, or the field Enter was pressed in).
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { thenFocus } from '../../components/focus.ts';
import { launchWords, type LaunchFacts } from './launch-words.ts';

/** Whether the confirmation is open, `ask` to open it (remembering what held the focus) and `close` to give the focus back. */
export function useLaunchConfirm() {
  const [asking, setAsking] = useState(false);
  const from = useRef<HTMLElement | null>(null);
  function ask() {
    from.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
  }
  const close = () => thenFocus(() => setAsking(false), () => from.current);
  return { asking, ask, close };
}
export type LaunchConfirm = ReturnType<typeof useLaunchConfirm>;

/** Shown while `confirm.asking`; Confirm closes it, then launches (`onConfirm`): the core's answer shows where it always has. */
export function LaunchDialog({ confirm, facts, onConfirm }: { confirm: LaunchConfirm; facts: LaunchFacts; onConfirm(): void }) {
  if (!confirm.asking) return null;
  return <Dialog facts={facts} onCancel={confirm.close} onConfirm={() => { confirm.close(); onConfirm(); }} />;
}

function Dialog({ facts, onCancel, onConfirm }: { facts: LaunchFacts; onCancel(): void; onConfirm(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    cancel.current?.focus();
  }, []);
  const words = launchWords(facts);
  return (
    <dialog ref={dialog} className="dialog launch-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-lead`} data-testid="launch-dialog"
      data-ready={words.ready ? 'true' : 'false'} data-short={words.short ? 'true' : 'false'}
      onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      {/* No form of its own: it sits inside a builder's form (a form cannot hold another), so both buttons are plain buttons. */}
      <div className="launch-body">
        <h2 id={`${id}-title`}>{words.title}</h2>
        <p id={`${id}-lead`} data-testid="launch-lead">{words.lead}</p>
        <dl className="summary launch-facts">
          {words.rows.map((row) => (
            <div key={row.key} data-testid={`launch-fact-${row.key}`}>
              <dt>{row.label}</dt><dd className={row.warn ? 'is-short' : undefined}>{row.text}</dd>
            </div>
          ))}
        </dl>
        <div className="actions">
          <button ref={cancel} type="button" className="button ghost" onClick={onCancel} data-testid="launch-cancel">Cancel</button>
          <button type="button" className="button primary" disabled={!words.ready} onClick={onConfirm} data-testid="launch-confirm">{words.confirmLabel}</button>
        </div>
      </div>
    </dialog>
  );
}
