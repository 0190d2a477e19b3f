// A WhatsApp template reply as the customer will see it, before it is sent: header, body, footer and buttons with the
// values typed so far (as the core trims them), each placeholder still without a value marked; drawn as the reply's
// bubble in the thread will be (components/rich-message.tsx).
import type { ReactNode } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts, type WaButtonView, type WaHeaderView } from '../../components/rich-message.tsx';
import { segmentsOf, type TemplateValues } from '../../components/wa-template.ts';

/** `text` with each placeholder replaced by its value, or marked while it has none. */
function filled(text: string, valueOf: (n: number) => string | undefined): ReactNode[] {
  return segmentsOf(text).map((part, i) => {
    if (typeof part === 'string') return part;
    const value = valueOf(part)?.trim();
    return value ? value : <mark key={i} className="missing">{`{{${part}}}`}</mark>;
  });
}

function partsOf(template: WaTemplate, values: TemplateValues) {
  let header: WaHeaderView | null = null;
  let body: ReactNode = null;
  let footer: string | null = null;
  let buttons: WaButtonView[] = [];
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      header = component.format === 'TEXT'
        ? { text: filled(component.text ?? '', (n) => values.header[n - 1]) }
        : { media: component.format, link: values.mediaLink.trim() || undefined };
    }
    if (component.type === 'BODY') body = filled(component.text, (n) => { const v = values.body[n - 1]; return v?.kind === 'static' ? v.text : undefined; });
    if (component.type === 'FOOTER') footer = component.text;
    // A dynamic link shows the suffix typed for it; until then its {{1}}.
    if (component.type === 'BUTTONS') {
      buttons = component.buttons.map((button, i) => {
        const suffix = values.buttons[i]?.trim();
        return button.type === 'URL' && suffix ? { ...button, url: button.url.replace(/\{\{\d+\}\}$/, () => suffix) } : button;
      });
    }
  }
  return { header, body, footer, buttons };
}

export function TemplateReplyPreview({ template, values }: { template: WaTemplate; values: TemplateValues }) {
  const { buttons, ...parts } = partsOf(template, values);
  return (
    <div className="bubble out reply-preview" role="group" aria-label="Preview of the reply" data-testid="reply-preview">
      <span className="template-tag">Preview · template · {template.name}</span>
      <WaTemplateParts {...parts} />
      <WaButtons buttons={buttons} />
    </div>
  );
}
