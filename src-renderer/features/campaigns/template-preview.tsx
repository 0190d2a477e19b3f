// A live preview of the message as a chat bubble: header, body with its placeholders filled from the
// current values (contact fields shown as tokens), footer and buttons.
import type { ReactNode } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { segmentsOf, type PlaceholderValue, type TemplateValues } from '../../components/wa-template.ts';

function filled(text: string, value: (n: number) => ReactNode): ReactNode[] {
  return segmentsOf(text).map((part, i) => (typeof part === 'string' ? part : <span key={i}>{value(part)}</span>));
}

function bodyValue(value: PlaceholderValue | undefined, n: number): ReactNode {
  if (!value) return <mark className="missing">{`{{${n}}}`}</mark>;
  if (value.kind === 'field') {
    return <mark className="token" title={value.fallback ? `Fallback: ${value.fallback}` : 'No fallback'}>{value.field}</mark>;
  }
  return value.text.trim() ? <mark className="value">{value.text}</mark> : <mark className="missing">{`{{${n}}}`}</mark>;
}

const plain = (text: string | undefined, n: number) => (text?.trim() ? <mark className="value">{text}</mark> : <mark className="missing">{`{{${n}}}`}</mark>);
const BUTTON_ICON: Record<string, string> = { URL: '↗', QUICK_REPLY: '↩', PHONE_NUMBER: '☎' };

export function TemplatePreview({ template, values }: { template: WaTemplate | null; values: TemplateValues }) {
  if (!template) {
    return <div className="preview-screen"><div className="preview-empty muted">Pick a template to preview the message.</div></div>;
  }
  return (
    <div className="preview-screen" data-testid="template-preview">
      <div className="preview-bubble">
        {template.components.map((component, i) => {
          if (component.type === 'HEADER') {
            return component.format === 'TEXT'
              ? <div key={i} className="preview-header">{filled(component.text ?? '', (n) => plain(values.header[n - 1], n))}</div>
              : <div key={i} className="preview-media" aria-label={`${component.format.toLowerCase()} header`}>{component.format.toLowerCase()}</div>;
          }
          if (component.type === 'BODY') return <p key={i} className="preview-body" data-testid="preview-body">{filled(component.text, (n) => bodyValue(values.body[n - 1], n))}</p>;
          if (component.type === 'FOOTER') return <div key={i} className="preview-footer">{component.text}</div>;
          return null;
        })}
        <div className="preview-time">now</div>
      </div>
      {template.components.map((component, i) => (component.type === 'BUTTONS' ? (
        <div key={i} className="preview-buttons">
          {component.buttons.map((button, j) => <div key={j} className="preview-button"><span aria-hidden>{BUTTON_ICON[button.type]}</span> {button.text}</div>)}
        </div>
      ) : null))}
    </div>
  );
}
