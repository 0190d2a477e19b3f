// A WhatsApp template reply as the customer will see it, before it is sent: header, body, footer and buttons with the
// values typed so far (as the core trims them), each placeholder still without a value marked; drawn as the reply's
// bubble in the thread will be (components/rich-message.tsx).
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts } from '../../components/rich-message.tsx';
import { missing, templatePreviewParts } from '../../components/wa-template-preview.tsx';
import type { TemplateValues } from '../../components/wa-template.ts';

/** A value as typed (as the core trims it), or the placeholder marked while it has none. */
const typed = (value: string | undefined, n: number) => value?.trim() || missing(n);

function partsOf(template: WaTemplate, values: TemplateValues) {
  return templatePreviewParts(template, values, {
    header: (n) => typed(values.header[n - 1], n),
    body: (n) => {
      const value = values.body[n - 1];
      return typed(value?.kind === 'static' ? value.text : undefined, n);
    },
    mediaLink: values.mediaLink.trim() || undefined,
  });
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
