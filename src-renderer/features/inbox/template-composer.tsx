// The WhatsApp composer once the 24-hour customer-care window has closed: the platform allows only an
// approved template then, so the console offers one with every value it needs (header, body, buttons).
import { useState, type FormEvent } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/states.tsx';
import { emptyValues, missingOf, needsOf, requestOf, segmentsOf, type TemplateValues } from '../../components/wa-template.ts';
import { useApprovedTemplates } from '../campaigns/queries.ts';
import type { useReply } from './mutations.ts';

export function TemplateComposer({ reply }: { reply: ReturnType<typeof useReply> }) {
  const templates = useApprovedTemplates();
  const [template, setTemplate] = useState<WaTemplate | null>(null);
  const [values, setValues] = useState<TemplateValues | null>(null);
  const needs = template ? needsOf(template) : null;
  const missing = needs && values ? missingOf(needs, values) : ['a template'];
  const body = template?.components.find((c) => c.type === 'BODY');
  const preview = body?.type === 'BODY' && values
    ? segmentsOf(body.text).map((part) => {
      if (typeof part === 'string') return part;
      const value = values.body[part - 1];
      return value?.kind === 'static' && value.text.trim() ? value.text : `{{${part}}}`;
    }).join('')
    : '';

  function pick(id: string) {
    const next = templates.data?.data.find((t) => t.id === id) ?? null;
    setTemplate(next);
    setValues(next ? emptyValues(needsOf(next)) : null);
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!template || !needs || !values || missing.length) return;
    reply.mutate({ template: { templateId: template.id, components: requestOf(needs, values).templateComponents } }, { onSuccess: () => setValues(emptyValues(needs)) });
  }

  if (templates.isError) return <ErrorState error={templates.error} />;
  const set = (change: Partial<TemplateValues>) => values && setValues({ ...values, ...change });
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="template-composer">
      <div className="template-fields">
        <span className="muted small">The 24-hour window is closed: WhatsApp allows an approved template.</span>
        <select value={template?.id ?? ''} onChange={(e) => pick(e.target.value)} aria-label="Template" data-testid="reply-template">
          <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
          {templates.data?.data.map((t) => <option key={t.id} value={t.id}>{t.name} · {t.language}</option>)}
        </select>
        {needs?.header?.kind === 'media' && values ? (
          <input value={values.mediaLink} placeholder="https://…" aria-label={`Header ${needs.header.format.toLowerCase()} link`} onChange={(e) => set({ mediaLink: e.target.value })} />
        ) : null}
        {values?.header.map((text, i) => (
          <input key={`h${i}`} value={text} placeholder={`Header {{${i + 1}}}`} aria-label={`Header {{${i + 1}}}`}
            onChange={(e) => set({ header: values.header.map((t, k) => (k === i ? e.target.value : t)) })} />
        ))}
        {values?.body.map((value, i) => (
          <input key={`b${i}`} value={value.kind === 'static' ? value.text : ''} placeholder={`{{${i + 1}}}`} aria-label={`{{${i + 1}}}`} data-testid={`reply-var-body.${i + 1}`}
            onChange={(e) => set({ body: values.body.map((v, k) => (k === i ? { kind: 'static', text: e.target.value } : v)) })} />
        ))}
        {needs?.urlButtons.map((index) => (
          <input key={`u${index}`} value={values?.buttons[index] ?? ''} placeholder="Link ending" aria-label={`Button ${index + 1} link ending`}
            onChange={(e) => set({ buttons: { ...values?.buttons, [index]: e.target.value } })} />
        ))}
        {template ? <p className="template-preview" data-testid="reply-preview">{preview}</p> : null}
      </div>
      <Button type="submit" className="button primary" data-testid="send-template" disabled={reply.isPending || missing.length > 0} title={missing.length ? `Needs ${missing.join(', ')}` : undefined}>
        {reply.isPending ? 'Sending…' : 'Send template'}
      </Button>
    </form>
  );
}
