// A button for what cannot be undone (revoking a key, disconnecting an account): the first click asks,
// in place, and only the second one acts.
import { useState } from 'react';

export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, className = 'button danger-outline small', testId }: {
  label: string; question: string; confirmLabel: string; onConfirm(): void; disabled?: boolean; className?: string; testId: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)} data-testid={testId}>{label}</button>;
  return (
    <span className="inline confirm" role="group" aria-label={question}>
      <span className="small">{question}</span>
      <button type="button" className="button danger small" onClick={() => { setAsking(false); onConfirm(); }} data-testid={`${testId}-confirm`}>{confirmLabel}</button>
      <button type="button" className="button ghost small" onClick={() => setAsking(false)}>Cancel</button>
    </span>
  );
}
