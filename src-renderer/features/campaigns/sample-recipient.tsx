// The recipient a WhatsApp or RCS builder previews its message for: the first the launch sends it to, as the core's
// audience preview names them (AudienceSample), with their contact's fields read as the campaign's messages read them.
import { useEffect, useState } from 'react';
import type { AudiencePreview, AudienceSample, ContactFieldName, RecipientField } from '../../../src-core/contract/index.ts';
import { displayAddress } from '../../components/email-address.ts';

/**
 * The recipient to preview for: the audience preview's sample, kept while the next answer is awaited (`waiting`, as the
 * list is typed), so the preview does not flip to the fields' names at each keystroke; none once there is no audience.
 */
export function usePreviewSample({ preview, waiting }: { preview: AudiencePreview | null; waiting: boolean }): AudienceSample | null {
  const [last, setLast] = useState<AudienceSample | null>(null);
  const current = preview?.sample ?? null;
  useEffect(() => {
    if (preview) setLast(current);
  }, [preview, current]);
  return preview ? current : waiting ? last : null;
}

/** The sample's contact fields as the shared campaign values (contract/campaign-values.ts) take them. */
export const sampleField = (sample: AudienceSample): RecipientField => (field) => sample.fields[field as ContactFieldName] ?? null;

/** Who the sample is: "+919820000010 (Alice Johnson)", or "(no contact name)". */
export const sampleWho = (sample: AudienceSample): string => `${displayAddress(sample.address)} (${sample.name ?? 'no contact name'})`;

/**
 * Says whose values the preview shows (`lacking`: what shows where their contact has no value), or that values read from
 * each contact show as their field until there is a recipient.
 */
export function SampleNote({ sample, lacking, testId }: { sample: AudienceSample | null; lacking: string; testId: string }) {
  return (
    <p className="muted small preview-note" data-testid={testId} data-sample={sample?.address ?? ''}>
      {sample ? `As ${sampleWho(sample)} gets it; ${lacking}.`
        : 'Values read from each contact show as the field’s name until the audience has a recipient to show them for.'}
    </p>
  );
}
