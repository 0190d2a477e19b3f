// The note a template composer (WhatsApp's, RCS's) shows over a draft whose template can no longer be sent
// (template-draft-stale.ts): why, what was typed in it (to reuse with another template), and Discard.
import { Button } from '../../components/button.tsx';
import type { StaleTemplateDraft } from './template-draft-stale.ts';

export function StaleDraftNote({ stale, onDiscard }: { stale: StaleTemplateDraft; onDiscard(): void }) {
  return (
    <div className="template-stale" data-testid="template-draft-stale">
      <p>{stale.why} Choose another template for this reply{stale.values.length ? '; what this draft holds:' : '.'}</p>
      {stale.values.length ? <ul data-testid="template-draft-stale-values">{stale.values.map((value, i) => <li key={i}>{value}</li>)}</ul> : null}
      <Button type="button" className="button ghost small" data-testid="discard-template-draft" onClick={onDiscard}>Discard draft</Button>
    </div>
  );
}
