// The organization the console shows, named in the sidebar, and renamed there: customers see this name as the
// sender of a WhatsApp message (no channel stores a business display name of its own), so a demo shows its own.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useOrganization, useRenameOrganization } from '../api/organizations.ts';
import { Button } from '../components/button.tsx';
import { thenFocus } from '../components/focus.ts';
import { announce } from '../stores/announcer.ts';

/** The core's rule (contract/api-keys.ts): 1–100 characters once trimmed, counted as the core counts them (code points: an emoji is one). */
const MAX_NAME = 100;
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Type a name';
  return [...trimmed].length > MAX_NAME ? `At most ${MAX_NAME} characters` : null;
}

export function OrganizationName() {
  const organization = useOrganization();
  const rename = useRenameOrganization();
  const [draft, setDraft] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  if (!organization) return null;
  const close = () => thenFocus(() => { setDraft(null); rename.reset(); }, () => renameButton.current);

  if (draft === null) {
    return (
      <div className="org-name" data-testid="organization">
        <span className="org-name-label">Organization</span>
        <span className="org-name-value">
          <strong title={organization.name} data-testid="organization-name">{organization.name}</strong>
          <button ref={renameButton} type="button" className="link" aria-label={`Rename organization ${organization.name}`}
            data-testid="organization-rename" onClick={() => setDraft(organization.name)}>Rename</button>
        </span>
      </div>
    );
  }

  const problem = nameProblem(draft);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    const name = draft.trim();
    if (name === organization.name) return close();
    rename.mutate({ id: organization.id, name }, {
      onSuccess: (renamed) => {
        announce(`Organization renamed to ${renamed.name}.`);
        close();
      },
    });
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
  const error = problem ?? (rename.isError ? rename.error.message : null);
  return (
    <form className="org-name" onSubmit={save} onKeyDown={cancelOnEscape} aria-label="Rename organization" data-testid="organization-form">
      <label className="field">
        <span className="org-name-label">Organization name</span>
        {/* The form replaces the button just pressed: the focus goes into it. */}
        <input value={draft} autoFocus data-testid="organization-input" aria-invalid={error ? true : undefined}
          aria-describedby="organization-hint organization-error" onChange={(e) => { setDraft(e.target.value); rename.reset(); }} />
      </label>
      <p id="organization-hint" className="org-name-hint">Customers see it as the sender of WhatsApp messages.</p>
      <p id="organization-error" className="field-error" role={error ? 'alert' : undefined} data-testid="organization-error">{error}</p>
      <div className="org-name-actions">
        <Button type="submit" className="button" disabled={rename.isPending || problem !== null} data-testid="organization-save">Save</Button>
        <button type="button" className="button ghost" onClick={close}>Cancel</button>
      </div>
    </form>
  );
}
