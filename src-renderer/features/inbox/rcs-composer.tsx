// The RCS composer: RCS sends only approved templates, so a reply is one of the organization's approved RCS
// templates with a value for each {{variable}}, laid out as the closed-window WhatsApp template composer is, each field
// labelled with the card's text around its variable. A variable named like a contact field ({{name}}, {{phone}},
// {{email}}, {{username}}) starts filled in from the conversation's contact, as an RCS campaign fills it, and says so.
// The template chosen and the values typed are the conversation's draft (stores/drafts.ts), kept as its text is. A draft
// whose template can no longer be sent (rejected or under review since) is shown with a note and what was typed in it,
// as the WhatsApp composer shows one (template-draft-stale.ts, stale-draft-note.tsx): its row says "Draft · " for it.
import { useId, useState, type FormEvent } from 'react';
import type { Contact, RcsTemplate } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { codeWords } from '../../components/format.ts';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { useTemplateDraft } from '../../stores/drafts.ts';
import { useRcsTemplates } from '../channels/queries.ts';
import type { ReplySender } from './mutations.ts';
import { PlaceField } from './place-field.tsx';
import { StaleDraftNote } from './stale-draft-note.tsx';
import { contactValueOf, rcsPlaceOf } from './template-context.ts';
import { staleRcsDraft } from './template-draft-stale.ts';

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;
/** The longest value the RCS send takes (its `rcsVariables`). */
const VALUE_MAX = 2000;

/** The card's text as the handset shows it (title, then text), each {{variable}} filled, or left as it is while blank. */
function previewOf(template: RcsTemplate, values: Record<string, string>): string {
  const fill = (text: string) => text.replace(VARIABLE, (token, name: string) => values[name]?.trim() || token);
  return template.title ? `${fill(template.title)}\n${fill(template.text)}` : fill(template.text);
}

/**
 * `contact`: the conversation's (null without one, undefined while it loads); `address`: the conversation's number;
 * `held`: Send waits (a draft written for the conversation's earlier contact, draft-owner-note.tsx).
 */
export function RcsComposer({ conversationId, reply, held, contact, address }: {
  conversationId: string; reply: ReplySender; held: boolean; contact: Contact | null | undefined; address: string;
}) {
  const templates = useRcsTemplates();
  const approved = (templates.data?.data ?? []).filter((t) => t.status === 'APPROVED');
  const [draft, setDraft] = useTemplateDraft(conversationId, contact?.id ?? null);
  // The template just sent, offered again for the next reply, nothing typed in it (no draft).
  const [sent, setSent] = useState<string | null>(null);
  const kept = draft?.channel === 'rcs' ? draft : undefined;
  const chosen = kept?.templateId ?? sent;
  const template: RcsTemplate | null = approved.find((t) => t.id === chosen) ?? null;
  // Only what the agent typed: a variable not typed in shows what the contact gives it (read when it comes, if later).
  const typed: Record<string, string> = kept && kept.templateId === template?.id ? kept.typed : {};
  const fromContact = (name: string) => contactValueOf(name, contact ?? null, address);
  const valueOf = (name: string) => typed[name] ?? fromContact(name) ?? '';
  const blank = (template?.variables ?? []).filter((name) => !valueOf(name).trim());
  const missing = template ? blank.map((name) => `a value for {{${name}}}`) : ['a template'];
  const neededId = useId();
  const stale = staleRcsDraft(kept, templates.data?.data);

  function pick(id: string) {
    const next = approved.find((t) => t.id === id) ?? null;
    setSent(null);
    setDraft(next ? { channel: 'rcs', templateId: next.id, typed: {} } : null);
  }
  function change(name: string, value: string) {
    if (!reply.isPending) reply.reset();
    if (template) setDraft({ channel: 'rcs', templateId: template.id, typed: { ...typed, [name]: value } });
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!template || missing.length || held) return;
    const variables = Object.fromEntries(template.variables.map((name) => [name, valueOf(name).trim()]));
    // Sent, the draft is taken out at once (useReply): the template stays chosen, emptied, while it goes (a failure
    // gives the draft back over it).
    setSent(template.id);
    reply.mutate({ template: { templateId: template.id, variables } });
  }
  /** Said under a field while it holds the contact's value. */
  const noteOf = (name: string) => {
    const given = fromContact(name);
    return given !== null && valueOf(name) === given ? `From the contact's ${name}` : null;
  };

  if (templates.isError) return <ErrorState error={templates.error} />;
  const none = templates.isSuccess && approved.length === 0;
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="rcs-composer">
      <div className="template-fields">
        <span className="muted small">{none ? 'RCS sends only approved templates, and this organization has none yet: add one under Channels, RCS.'
          : 'RCS sends only approved templates: choose one and fill its values.'}</span>
        <select value={template?.id ?? ''} onChange={(e) => pick(e.target.value)} aria-label="Template" data-testid="reply-template" disabled={none}>
          <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
          {approved.map((t) => <option key={t.id} value={t.id}>{t.name} · {codeWords(t.type)}</option>)}
        </select>
        {stale ? <StaleDraftNote stale={stale} onDiscard={() => setDraft(null)} /> : null}
        {template?.variables.map((name) => (
          <PlaceField key={name} place={rcsPlaceOf(template, name)} token={`{{${name}}}`} value={valueOf(name)} testId={`reply-var-${name}`}
            maxLength={VALUE_MAX} required note={noteOf(name)} onChange={(value) => change(name, value)} />
        ))}
        {template ? <p className="template-preview" data-testid="reply-preview">{previewOf(template, Object.fromEntries(template.variables.map((name) => [name, valueOf(name)])))}</p> : null}
      </div>
      {/* With no template to choose, the line above says so. */}
      <StillNeeded items={none ? [] : missing} id={neededId} testId="reply-blockers" />
      <Button type="submit" className="button primary" data-testid="send-template" disabled={reply.isPending || missing.length > 0 || held} aria-describedby={missing.length ? neededId : undefined}>
        {reply.isPending ? 'Sending…' : 'Send template'}
      </Button>
    </form>
  );
}
