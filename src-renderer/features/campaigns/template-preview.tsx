// A live preview of the message as a chat bubble: header, body with its placeholders filled from the
// current values (contact fields shown as tokens), footer and buttons.
import type { ReactNode } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts, type WaButtonView, type WaHeaderView } from '../../components/rich-message.tsx';
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

/** A template's parts with the values typed so far: the shared rendering (components/rich-message.tsx) fills the bubble. */
function partsOf(template: WaTemplate, values: TemplateValues) {
  let header: WaHeaderView | null = null;
  let body: ReactNode = null;
  let footer: string | null = null;
  let buttons: WaButtonView[] = [];
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      header = component.format === 'TEXT' ? { text: filled(component.text ?? '', (n) => plain(values.header[n - 1], n)) } : { media: component.format };
    }
    if (component.type === 'BODY') body = filled(component.text, (n) => bodyValue(values.body[n - 1], n));
    if (component.type === 'FOOTER') footer = component.text;
    // A dynamic URL shows the suffix typed for it; until then its {{1}}.
    if (component.type === 'BUTTONS') {
      buttons = component.buttons.map((button, i) => {
        const suffix = values.buttons[i]?.trim();
        return button.type === 'URL' && suffix ? { ...button, url: button.url.replace(/\{\{\d+\}\}/, () => suffix) } : button;
      });
    }
  }
  return { header, body, footer, buttons };
}

export function TemplatePreview({ template, values }: { template: WaTemplate | null; values: TemplateValues }) {
  if (!template) {
    return <div className="preview-screen"><div className="preview-empty muted">Pick a template to preview the message.</div></div>;
  }
  const { buttons, ...parts } = partsOf(template, values);
  return (
    <div className="preview-screen" data-testid="template-preview">
      <div className="preview-bubble">
        <WaTemplateParts {...parts} />
        <div className="preview-time">now</div>
      </div>
      <WaButtons buttons={buttons} />
    </div>
  );
}
