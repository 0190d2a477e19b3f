// The WhatsApp composer once the 24-hour customer-care window has closed: the platform allows only an
// approved template then, so the console offers one with every value it needs (header, body, buttons), each
// field labelled with the sentence around its place in the message (the contact's name offered to an empty header or
// body value, one click to put it in), and the whole message previewed as it will arrive. The template chosen and its
// values are the conversation's draft (stores/drafts.ts), kept as its text is. A draft whose template can no longer be
// sent (rejected or under review since) is shown with a note and what was typed in it, to use with another template or
// discard (template-draft-stale.ts, stale-draft-note.tsx): the row says "Draft · " for it, so the composer does not hide it.
import { useId, useState, type FormEvent } from 'react';
import type { Contact, WaTemplate } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { languageName } from '../../components/format.ts';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { emptyValues, missingOf, needsOf, requestOf, type TemplateNeeds, type TemplateValues } from '../../components/wa-template.ts';
import { useTemplateDraft } from '../../stores/drafts.ts';
import { useApprovedTemplates } from '../campaigns/queries.ts';
import { useWaTemplates } from '../channels/queries.ts';
import type { ReplySender } from './mutations.ts';
import { PlaceField } from './place-field.tsx';
import { nameFillsOf, placesOf } from './template-context.ts';
import { StaleDraftNote } from './stale-draft-note.tsx';
import { staleTemplateDraft } from './template-draft-stale.ts';
import { TemplateReplyPreview } from './template-reply-preview.tsx';

/** Values kept for a template that still asks for as many of each (one since edited to ask for others starts empty). */
function valuesFit(needs: TemplateNeeds, values: TemplateValues): boolean {
  const headers = needs.header?.kind === 'text' ? needs.header.count : 0;
  const buttons = Object.keys(values.buttons).map(Number).sort((a, b) => a - b);
  return values.body.length === needs.body && values.header.length === headers && buttons.join() === [...needs.urlButtons].sort((a, b) => a - b).join();
}

/**
 * `contact`: the conversation's (null without one, undefined while it loads); `address`: the conversation's number;
 * `held`: Send waits (a draft written for the conversation's earlier contact, draft-owner-note.tsx); `lead`: why a template
 * (a first message from the Contacts page has no window to be closed).
 */
export function TemplateComposer({ conversationId, reply, held, contact, address, lead = 'The 24-hour window is closed: WhatsApp allows an approved template.' }: {
  conversationId: string; reply: ReplySender; held: boolean; contact: Contact | null | undefined; address: string; lead?: string;
}) {
  const templates = useApprovedTemplates();
  const [draft, setDraft] = useTemplateDraft(conversationId, contact?.id ?? null);
  // The template just sent, offered again with its values emptied for the next one (no draft: nothing is in it yet).
  const [sent, setSent] = useState<string | null>(null);
  const kept = draft?.channel === 'whatsapp' ? draft : undefined;
  const chosen = kept?.templateId ?? sent;
  const template: WaTemplate | null = templates.data?.data.find((t) => t.id === chosen) ?? null;
  const needs = template ? needsOf(template) : null;
  const values = needs ? (kept && kept.templateId === template?.id && valuesFit(needs, kept.values) ? kept.values : emptyValues(needs)) : null;
  const places = template && needs ? placesOf(template, needs) : null;
  const missing = needs && values ? missingOf(needs, values) : ['a template'];
  const neededId = useId();
  // Every template is read only to name one the draft holds that is no longer approved.
  const approved = templates.data?.data;
  const unsendable = Boolean(kept && approved && !approved.some((t) => t.id === kept.templateId));
  const stale = staleTemplateDraft(kept, approved, useWaTemplates(unsendable).data?.data);

  // No value is guessed (the contact's name, say): a template's placeholders are numbered, not named, so nothing says
  // which one is a name, and a wrong guess would go to the customer. The name is offered instead, beside each empty
  // header and body value, for the agent who reads the sentence to put in. (An RCS template's variables are named:
  // there a {{name}} is filled in from the contact, rcs-composer.tsx.)
  const fills = nameFillsOf(contact ?? null, address);
  function pick(id: string) {
    const next = templates.data?.data.find((t) => t.id === id) ?? null;
    setSent(null);
    setDraft(next ? { channel: 'whatsapp', templateId: next.id, values: emptyValues(needsOf(next)) } : null);
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!template || !needs || !values || missing.length || held) return;
    // Sent, the draft is taken out at once (useReply): the template stays chosen, emptied, while it goes (a failure
    // gives the draft back over it).
    setSent(template.id);
    reply.mutate({ template: { templateId: template.id, components: requestOf(needs, values).templateComponents } });
  }

  if (templates.isError) return <ErrorState error={templates.error} />;
  const set = (change: Partial<TemplateValues>) => template && values && setDraft({ channel: 'whatsapp', templateId: template.id, values: { ...values, ...change } });
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="template-composer">
      <div className="template-reply">
        <div className="template-fields">
          <span className="muted small">{lead}</span>
          <select value={template?.id ?? ''} onChange={(e) => pick(e.target.value)} aria-label="Template" data-testid="reply-template">
            <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
            {templates.data?.data.map((t) => <option key={t.id} value={t.id}>{t.name} · {languageName(t.language)}</option>)}
          </select>
          {stale ? <StaleDraftNote stale={stale} onDiscard={() => setDraft(null)} /> : null}
          {needs?.header?.kind === 'media' && values ? (
            <input value={values.mediaLink} placeholder="https://…" aria-label={`Header ${needs.header.format.toLowerCase()} link`} data-testid="reply-var-media"
              onChange={(e) => set({ mediaLink: e.target.value })} />
          ) : null}
          {values && places ? (
            <>
              {places.header.map((place, i) => (
                <PlaceField key={`h${i}`} place={place} token={`{{${i + 1}}}`} value={values.header[i] ?? ''} testId={`reply-var-header.${i + 1}`} maxLength={60} fills={fills}
                  onChange={(text) => set({ header: values.header.map((t, k) => (k === i ? text : t)) })} />
              ))}
              {places.body.map((place, i) => {
                const value = values.body[i];
                return (
                  <PlaceField key={`b${i}`} place={place} token={`{{${i + 1}}}`} value={value?.kind === 'static' ? value.text : ''} testId={`reply-var-body.${i + 1}`} maxLength={1024} fills={fills}
                    onChange={(text) => set({ body: values.body.map((v, k) => (k === i ? { kind: 'static', text } : v)) })} />
                );
              })}
              {needs?.urlButtons.map((index) => (places.buttons[index] ? (
                <PlaceField key={`u${index}`} place={places.buttons[index]} token="{{1}}" value={values.buttons[index] ?? ''} testId={`reply-var-button.${index + 1}`} maxLength={200}
                  onChange={(text) => set({ buttons: { ...values.buttons, [index]: text } })} />
              ) : null))}
            </>
          ) : null}
        </div>
        {template && values ? <TemplateReplyPreview template={template} values={values} /> : null}
      </div>
      <StillNeeded items={missing} id={neededId} testId="reply-blockers" />
      <Button type="submit" className="button primary" data-testid="send-template" disabled={reply.isPending || missing.length > 0 || held} aria-describedby={missing.length ? neededId : undefined}>
        {reply.isPending ? 'Sending…' : 'Send template'}
      </Button>
    </form>
  );
}
