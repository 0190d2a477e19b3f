// The WhatsApp campaign builder: template, audience (every contact, a segment or a pasted list, as the SMS builder
// takes it), placeholder values, a name and an optional schedule; a live preview and the audience's estimate beside
// it (as the audience's first recipient gets it); "Create draft" or "Create & launch". The core's refusals are shown as sent.
import { useMemo } from 'react';
import type { CreateWaConsoleCampaignInput, WaTemplate } from '../../../src-core/contract/index.ts';
import { useUi } from '../../stores/ui.ts';
import { useBuilderDraft, useKept } from './builder-draft.ts';
import { useCampaignsUi } from './view-state.ts';
import { AudienceStep, useAudience } from './audience-step.tsx';
import { BuilderSummary, formSubmit, NameAndSchedule, Step, useCreateAndLaunch, useNameAndSchedule } from './builder-parts.tsx';
import { useLaunchConfirm } from './launch-confirm.tsx';
import { PlaceholderFields } from './placeholder-fields.tsx';
import { usePreviewSample } from './sample-recipient.tsx';
import { useWallet } from './queries.ts';
import { TemplatePicker } from './template-picker.tsx';
import { TemplatePreview } from './template-preview.tsx';
import { WalletShort } from './wallet-short.tsx';
import { emptyValues, missingOf, needsOf, requestOf, type TemplateValues } from '../../components/wa-template.ts';

/**
 * The WhatsApp builder opened on `template` (from the Channels page, once it is approved): the campaigns page shows a
 * new builder, which forgets what an earlier one held, and the template is picked in it as a click on its card would.
 */
export function startWhatsappCampaign(template: WaTemplate): void {
  const campaigns = useCampaignsUi.getState();
  campaigns.setTab('whatsapp');
  campaigns.open({ kind: 'new', channel: 'whatsapp' });
  // All the fields at once: whatever an earlier builder left is gone.
  useBuilderDraft.setState({ fields: { 'whatsapp.template': template, 'whatsapp.values': emptyValues(needsOf(template)) } });
  useUi.getState().go('campaigns');
}

export function CampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [template, setTemplate] = useKept<WaTemplate | null>('whatsapp.template', null);
  const [values, setValues] = useKept<TemplateValues>('whatsapp.values', { body: [], header: [], mediaLink: '', buttons: {} });
  const audience = useAudience('whatsapp');
  // Named by a person, as every other builder asks (the core would name it after the template and the time).
  const timing = useNameAndSchedule({ key: 'whatsapp', nameRequired: true });
  const flow = useCreateAndLaunch<CreateWaConsoleCampaignInput>('whatsapp', onOpen);
  const wallet = useWallet();
  const sample = usePreviewSample(audience);
  const confirm = useLaunchConfirm();

  const needs = useMemo(() => (template ? needsOf(template) : null), [template]);
  const blockers = [
    ...(template ? [] : ['a template']),
    ...audience.blockers,
    ...(needs ? missingOf(needs, values) : []),
    ...timing.blockers,
  ];

  const pick = (next: WaTemplate) => {
    setTemplate(next);
    setValues(emptyValues(needsOf(next)));
  };

  function submit(andLaunch: boolean) {
    if (!template || !needs || blockers.length) return;
    const input: CreateWaConsoleCampaignInput = { templateId: template.id, ...audience.input, ...requestOf(needs, values), name: timing.name, ...timing.input };
    void flow.submit(input, andLaunch);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="campaign-builder" aria-label="New WhatsApp campaign">
      <div className="builder-steps">
        <Step n={1} title="Template"><TemplatePicker value={template?.id ?? ''} onChange={pick} /></Step>
        <AudienceStep n={2} field={audience.field} />
        <Step n={3} title="Personalise">
          {template && needs ? <PlaceholderFields needs={needs} values={values} onChange={setValues} /> : <p className="muted">Pick a template first.</p>}
        </Step>
        <NameAndSchedule n={4} placeholder="Diwali offer" {...timing.field} />
      </div>
      <aside className="builder-side" aria-label="Preview and summary">
        <div className="card preview-card">
          <h3>Preview</h3>
          <TemplatePreview template={template} values={values} sample={sample} />
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit} confirm={confirm}
          launch={{ name: timing.name, channel: 'whatsapp', ...audience.counts, pricePaise: wallet.data?.prices.whatsapp, wallet: wallet.data, sendsAt: timing.scheduled ? timing.sends : null }}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & launch'}
          rows={[...audience.rows(wallet.data?.prices.whatsapp, 'Price per message'), ['Sends', timing.sends]]}
          short={<WalletShort paise={audience.reservedPaise(wallet.data?.prices.whatsapp)} draft />} />
      </aside>
    </form>
  );
}
