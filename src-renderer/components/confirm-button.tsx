// A button for what cannot be undone (revoking a key, disconnecting an account): the first click asks,
// in place, and only the second one acts. The question alone (`ConfirmQuestion`) is for a page that asks
// somewhere roomier than the button's own place, such as a row of its own under a table row.
import { useState } from 'react';

export function ConfirmQuestion({ question, confirmLabel, onConfirm, onCancel, testId }: {
  question: string; confirmLabel: string; onConfirm(): void; onCancel(): void; testId: string;
}) {
  return (
    <span className="inline confirm" role="group" aria-label={question}>
      <span className="small">{question}</span>
      <button type="button" className="button danger small" onClick={onConfirm} data-testid={`${testId}-confirm`}>{confirmLabel}</button>
      <button type="button" className="button ghost small" onClick={onCancel}>Cancel</button>
    </span>
  );
}

export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, className = 'button danger-outline small', testId }: {
  label: string; question: string; confirmLabel: string; onConfirm(): void; disabled?: boolean; className?: string; testId: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)} data-testid={testId}>{label}</button>;
  return <ConfirmQuestion question={question} confirmLabel={confirmLabel} testId={testId} onCancel={() => setAsking(false)}
    onConfirm={() => { setAsking(false); onConfirm(); }} />;
}
