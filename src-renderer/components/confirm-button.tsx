// A button for what cannot be undone (revoking a key, disconnecting an account): the first click asks,
// in place, and only the second one acts. The question alone (`ConfirmQuestion`) is for a page that asks
// somewhere roomier than the button's own place, such as a row of its own under a table row. The focus goes
// with the question: to Cancel when it is asked (the safe answer), and back to the button when it is answered.
import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Button } from './button.tsx';
import { thenFocus } from './focus.ts';

export function ConfirmQuestion({ question, confirmLabel, onConfirm, onCancel, testId }: {
  question: string; confirmLabel: string; onConfirm(): void; onCancel(): void; testId: string;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    cancel.current?.focus();
  }, []);
  return (
    <span className="inline confirm" role="group" aria-label={question}>
      <span className="small">{question}</span>
      <button type="button" className="button danger small" onClick={onConfirm} data-testid={`${testId}-confirm`}>{confirmLabel}</button>
      <button ref={cancel} type="button" className="button ghost small" onClick={onCancel} data-testid={`${testId}-cancel`}>Cancel</button>
    </span>
  );
}

/**
 * `name`: the first button's accessible name where `label` alone repeats down a list ("Revoke key bench" for "Revoke").
 * `ref`: the first button, for a page that moves the focus to it.
 */
export function ConfirmButton({ label, name, question, confirmLabel, onConfirm, disabled, className = 'button danger-outline small', testId, ref }: {
  label: string; name?: string; question: string; confirmLabel: string; onConfirm(): void; disabled?: boolean; className?: string; testId: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const answered = () => thenFocus(() => setAsking(false), () => button.current);
  const both = (element: HTMLButtonElement | null) => {
    button.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  if (!asking) return <Button ref={both} type="button" className={className} disabled={disabled} onClick={() => setAsking(true)} aria-label={name} data-testid={testId}>{label}</Button>;
  return <ConfirmQuestion question={question} confirmLabel={confirmLabel} testId={testId} onCancel={answered} onConfirm={() => { answered(); onConfirm(); }} />;
}
