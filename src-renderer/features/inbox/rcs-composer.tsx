// The RCS composer: RCS sends only approved templates, so a reply is one of the organization's approved RCS
// templates with a value for each {{variable}}, laid out as the closed-window WhatsApp template composer is, each field
// labelled with the card's text around its variable.
import { useState, type FormEvent } from 'react';
import type { RcsTemplate } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/states.tsx';
import { useRcsTemplates } from '../channels/queries.ts';
import type { useReply } from './mutations.ts';
import { PlaceField } from './place-field.tsx';
import { rcsPlaceOf } from './template-context.ts';

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;
/** The longest value the RCS send takes (its `rcsVariables`). */
const VALUE_MAX = 2000;

/** The card's text as the handset shows it (title, then text), each {{variable}} filled, or left as it is while blank. */
function previewOf(template: RcsTemplate, values: Record<string, string>): string {
  const fill = (text: string) => text.replace(VARIABLE, (token, name: string) => values[name]?.trim() || token);
  return template.title ? `${fill(template.title)}\n${fill(template.text)}` : fill(template.text);
}

export function RcsComposer({ reply }: { reply: ReturnType<typeof useReply> }) {
  const templates = useRcsTemplates();
  const approved = (templates.data?.data ?? []).filter((t) => t.status === 'APPROVED');
  const [template, setTemplate] = useState<RcsTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const blank = (template?.variables ?? []).filter((name) => !values[name]?.trim());
  const missing = template ? blank.map((name) => `a value for {{${name}}}`) : ['a template'];

  function pick(id: string) {
    const next = approved.find((t) => t.id === id) ?? null;
    setTemplate(next);
    setValues(Object.fromEntries((next?.variables ?? []).map((name) => [name, ''])));
  }
  function change(name: string, value: string) {
    if (!reply.isPending) reply.reset();
    setValues({ ...values, [name]: value });
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!template || missing.length) return;
    const variables = Object.fromEntries(template.variables.map((name) => [name, (values[name] ?? '').trim()]));
    reply.mutate({ template: { templateId: template.id, variables } }, { onSuccess: () => setValues(Object.fromEntries(template.variables.map((name) => [name, '']))) });
  }

  if (templates.isError) return <ErrorState error={templates.error} />;
  const none = templates.isSuccess && approved.length === 0;
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="rcs-composer">
      <div className="template-fields">
        <span className="muted small">{none ? 'RCS sends only approved templates, and this organization has none yet: add one under Channels, RCS.'
          : 'RCS sends only approved templates: choose one and fill its values.'}</span>
        <select value={template?.id ?? ''} onChange={(e) => pick(e.target.value)} aria-label="Template" data-testid="reply-template" disabled={none}>
          <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
          {approved.map((t) => <option key={t.id} value={t.id}>{t.name} · {t.type === 'rich_card' ? 'rich card' : 'text'}</option>)}
        </select>
        {template?.variables.map((name) => (
          <PlaceField key={name} place={rcsPlaceOf(template, name)} token={`{{${name}}}`} value={values[name] ?? ''} testId={`reply-var-${name}`}
            maxLength={VALUE_MAX} required onChange={(value) => change(name, value)} />
        ))}
        {template ? <p className="template-preview" data-testid="reply-preview">{previewOf(template, values)}</p> : null}
      </div>
      <Button type="submit" className="button primary" data-testid="send-template" disabled={reply.isPending || missing.length > 0} title={missing.length ? `Needs ${missing.join(', ')}` : undefined}>
        {reply.isPending ? 'Sending…' : 'Send template'}
      </Button>
    </form>
  );
}
