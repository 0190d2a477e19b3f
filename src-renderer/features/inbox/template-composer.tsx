// The WhatsApp composer once the 24-hour customer-care window has closed: the platform allows only an
// approved template then, so the console offers one with every value it needs (header, body, buttons).
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ListEnvelope, WaTemplate } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { ErrorState } from '../../components/states.tsx';
import type { TemplateReply, useReply } from './mutations.ts';

type Field = { key: string; label: string; placeholder: string };
const numbersIn = (text: string | undefined): number[] => [...new Set([...(text ?? '').matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

/** The values a template needs, in the order the form shows them. */
function fieldsOf(template: WaTemplate): Field[] {
  const fields: Field[] = [];
  for (const c of template.components) {
    if (c.type === 'HEADER' && c.format !== 'TEXT') fields.push({ key: 'media', label: `Header ${c.format.toLowerCase()} link`, placeholder: 'https://…' });
    if (c.type === 'HEADER' && c.format === 'TEXT') for (const n of numbersIn(c.text)) fields.push({ key: `header.${n}`, label: `Header {{${n}}}`, placeholder: `{{${n}}}` });
    if (c.type === 'BODY') for (const n of numbersIn(c.text)) fields.push({ key: `body.${n}`, label: `{{${n}}}`, placeholder: `{{${n}}}` });
    if (c.type === 'BUTTONS') {
      c.buttons.forEach((b, i) => {
        if (b.type === 'URL' && numbersIn(b.url).length) fields.push({ key: `button.${i}`, label: `“${b.text}” link ending`, placeholder: b.url ?? '' });
      });
    }
  }
  return fields;
}

/** The send components of a template filled with `values`. */
function componentsOf(template: WaTemplate, values: Record<string, string>): TemplateReply['components'] {
  const text = (key: string) => ({ type: 'text', text: (values[key] ?? '').trim() });
  const out: TemplateReply['components'] = [];
  for (const c of template.components) {
    if (c.type === 'HEADER' && c.format !== 'TEXT') {
      const kind = c.format.toLowerCase();
      out.push({ type: 'header', parameters: [{ type: kind, [kind]: { link: (values.media ?? '').trim() } }] });
    }
    if (c.type === 'HEADER' && c.format === 'TEXT' && numbersIn(c.text).length) out.push({ type: 'header', parameters: numbersIn(c.text).map((n) => text(`header.${n}`)) });
    if (c.type === 'BODY' && numbersIn(c.text).length) out.push({ type: 'body', parameters: numbersIn(c.text).map((n) => text(`body.${n}`)) });
    if (c.type === 'BUTTONS') {
      c.buttons.forEach((b, i) => {
        if (b.type === 'URL' && numbersIn(b.url).length) out.push({ type: 'button', sub_type: 'url', index: String(i), parameters: [text(`button.${i}`)] });
      });
    }
  }
  return out;
}

export function TemplateComposer({ reply }: { reply: ReturnType<typeof useReply> }) {
  const api = useApi();
  const templates = useQuery({
    queryKey: ['wa-templates', 'APPROVED'],
    queryFn: () => api.get<ListEnvelope<WaTemplate>>('/dashboard/whatsapp/templates?status=APPROVED&limit=100'),
  });
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const template = templates.data?.data.find((t) => t.id === templateId);
  const fields = template ? fieldsOf(template) : [];
  const body = template?.components.find((c) => c.type === 'BODY');
  const preview = body?.type === 'BODY' ? body.text.replace(/\{\{(\d+)\}\}/g, (m, n: string) => values[`body.${n}`] || m) : '';
  const ready = Boolean(template) && fields.every((f) => values[f.key]?.trim());

  function send(event: FormEvent) {
    event.preventDefault();
    if (!template || !ready) return;
    reply.mutate({ template: { templateId: template.id, components: componentsOf(template, values) } }, { onSuccess: () => setValues({}) });
  }

  if (templates.isError) return <ErrorState error={templates.error} />;
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="template-composer">
      <div className="template-fields">
        <span className="muted small">The 24-hour window is closed: WhatsApp allows an approved template.</span>
        <select value={templateId} onChange={(e) => { setTemplateId(e.target.value); setValues({}); }} aria-label="Template" data-testid="reply-template">
          <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
          {templates.data?.data.map((t) => <option key={t.id} value={t.id}>{t.name} · {t.language}</option>)}
        </select>
        {fields.map((f) => (
          <input key={f.key} value={values[f.key] ?? ''} placeholder={f.placeholder} aria-label={f.label} title={f.label} data-testid={`reply-var-${f.key}`}
            onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} />
        ))}
        {template ? <p className="template-preview" data-testid="reply-preview">{preview}</p> : null}
      </div>
      <button type="submit" className="button primary" data-testid="send-template" disabled={reply.isPending || !ready}>{reply.isPending ? 'Sending…' : 'Send template'}</button>
    </form>
  );
}
