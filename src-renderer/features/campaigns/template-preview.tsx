// A live preview of the message as a chat bubble: header, body with its placeholders filled from the current values,
// footer and buttons. A placeholder filled from each contact shows the sample recipient's value (their contact's field,
// else its fallback), computed by the engine's own recipientComponents; with no recipient yet, the field's name.
import type { ReactNode } from 'react';
import { recipientComponents, type AudienceSample, type WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts } from '../../components/rich-message.tsx';
import { missing, templatePreviewParts } from '../../components/wa-template-preview.tsx';
import { needsOf, requestOf, type PlaceholderValue, type TemplateValues } from '../../components/wa-template.ts';
import { sampleField, SampleNote } from './sample-recipient.tsx';

function bodyValue(value: PlaceholderValue | undefined, n: number, sampled: string | undefined): ReactNode {
  if (!value) return missing(n);
  if (value.kind === 'field' && sampled === undefined) {
    return <mark className="token" title={value.fallback ? `Fallback: ${value.fallback}` : 'No fallback'}>{value.field}</mark>;
  }
  const text = value.kind === 'field' ? sampled ?? '' : value.text;
  return text.trim() ? <mark className="value">{text}</mark> : missing(n);
}

/** The body parameters the sample recipient gets, as the campaign engine computes them; undefined without a recipient. */
function sampleBody(template: WaTemplate, values: TemplateValues, sample: AudienceSample | null): string[] | undefined {
  if (!sample) return undefined;
  const needs = needsOf(template);
  const body = recipientComponents(requestOf(needs, values), needs.body, sampleField(sample)).find((c) => c.type === 'body');
  return (body?.parameters ?? []).map((p) => (typeof p.text === 'string' ? p.text : ''));
}

const plain = (text: string | undefined, n: number) => (text?.trim() ? <mark className="value">{text}</mark> : missing(n));

/** A template's parts with the values typed so far: the shared rendering (components/rich-message.tsx) fills the bubble. */
function partsOf(template: WaTemplate, values: TemplateValues, sample: AudienceSample | null) {
  const sampled = sampleBody(template, values, sample);
  return templatePreviewParts(template, values, {
    header: (n) => plain(values.header[n - 1], n), body: (n) => bodyValue(values.body[n - 1], n, sampled?.[n - 1]),
    mediaLink: values.mediaLink.trim() || undefined,
  });
}

/** `sample`: the recipient whose values show (the audience preview's), or null while there is none. */
export function TemplatePreview({ template, values, sample }: { template: WaTemplate | null; values: TemplateValues; sample: AudienceSample | null }) {
  if (!template) {
    return <div className="preview-screen"><div className="preview-empty muted">Pick a template to preview the message.</div></div>;
  }
  const { buttons, ...parts } = partsOf(template, values, sample);
  return (
    <>
      <SampleNote sample={sample} lacking="a field their contact lacks shows its fallback" testId="template-preview-recipient" />
      <div className="preview-screen" data-testid="template-preview">
        <div className="preview-bubble">
          <WaTemplateParts {...parts} />
          <div className="preview-time">now</div>
        </div>
        <WaButtons buttons={buttons} />
      </div>
    </>
  );
}
