// A live preview of the message as a chat bubble: header, body with its placeholders filled from the
// current values (contact fields shown as tokens), footer and buttons.
import type { ReactNode } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts } from '../../components/rich-message.tsx';
import { missing, templatePreviewParts } from '../../components/wa-template-preview.tsx';
import type { PlaceholderValue, TemplateValues } from '../../components/wa-template.ts';

function bodyValue(value: PlaceholderValue | undefined, n: number): ReactNode {
  if (!value) return missing(n);
  if (value.kind === 'field') {
    return <mark className="token" title={value.fallback ? `Fallback: ${value.fallback}` : 'No fallback'}>{value.field}</mark>;
  }
  return value.text.trim() ? <mark className="value">{value.text}</mark> : missing(n);
}

const plain = (text: string | undefined, n: number) => (text?.trim() ? <mark className="value">{text}</mark> : missing(n));

/** A template's parts with the values typed so far: the shared rendering (components/rich-message.tsx) fills the bubble. */
function partsOf(template: WaTemplate, values: TemplateValues) {
  return templatePreviewParts(template, values, { header: (n) => plain(values.header[n - 1], n), body: (n) => bodyValue(values.body[n - 1], n) });
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
