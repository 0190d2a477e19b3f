// A WhatsApp template drawn as a phone shows it (header, body, footer, buttons), each placeholder marked as it is in
// the template ({{1}}): the form's live preview and an opened template's. The parts are the campaign builder's and the
// inbox's (components/wa-template-preview.tsx), on the builder's chat screen (its styles, campaigns.css).
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { WaButtons, WaTemplateParts } from '../../components/rich-message.tsx';
import { missing, templatePreviewParts } from '../../components/wa-template-preview.tsx';
import '../campaigns/campaigns.css';

const NO_VALUES = { body: [], header: [], mediaLink: '', buttons: {} };

/** `label`: what the preview is heard as ("Preview of order_ready"). */
export function WaTemplatePhone({ template, label, testId }: { template: WaTemplate; label: string; testId: string }) {
  const { buttons, ...parts } = templatePreviewParts(template, NO_VALUES, { header: missing, body: missing });
  const empty = !template.components.some((c) => c.type === 'BODY' && c.text.trim());
  return (
    <div className="preview-screen wa-template-phone" role="group" aria-label={label} data-testid={testId}>
      {empty ? <div className="preview-empty muted">Type a body to preview the message.</div> : (
        <>
          <div className="preview-bubble">
            <WaTemplateParts {...parts} />
            <div className="preview-time">now</div>
          </div>
          <WaButtons buttons={buttons} />
        </>
      )}
    </div>
  );
}
