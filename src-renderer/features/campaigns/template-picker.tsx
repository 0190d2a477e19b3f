// The approved WhatsApp templates as a radio group: name, category and language (by name, its code in the title),
// keyboard navigable.
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { codeWords, languageName } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { OptionCards } from './builder-parts.tsx';
import { ChannelsLink } from './channels-link.tsx';
import { useApprovedTemplates } from './queries.ts';

export function TemplatePicker({ value, onChange }: { value: string; onChange(template: WaTemplate): void }) {
  const templates = useApprovedTemplates();
  if (templates.isPending) return <Loading label="Loading templates…" />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.data.data.length === 0) return (
    <Empty title="No approved templates">
      Submit a template under <ChannelsLink tab="whatsapp" testId="builder-to-channels">Channels, WhatsApp</ChannelsLink>: the simulated platform
      approves it a minute later on the virtual clock.
    </Empty>
  );
  const approved = templates.data.data;
  return (
    <OptionCards label="Template" name="campaign-template" value={value} onChange={onChange}
      options={approved.map((template) => {
        const body = template.components.find((c) => c.type === 'BODY');
        return {
          value: template.id, item: template, testId: 'template-option', templateName: template.name, content: <>
            <span className="template-option-head">
              <strong>{template.name}</strong>
              <span className="chip" title={`${template.category} in the API`}>{codeWords(template.category)}</span>
              <span className="chip subtle" title={`${template.language} in the API`} data-testid="template-language">{languageName(template.language)}</span>
            </span>
            <span className="template-option-body muted">{body?.type === 'BODY' ? body.text : ''}</span>
          </>,
        };
      })} />
  );
}
