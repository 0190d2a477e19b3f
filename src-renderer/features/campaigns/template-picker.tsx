// The approved WhatsApp templates as a radio group: name, category and language, keyboard navigable.
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { useApprovedTemplates } from './queries.ts';

export function TemplatePicker({ value, onChange }: { value: string; onChange(template: WaTemplate): void }) {
  const templates = useApprovedTemplates();
  if (templates.isPending) return <Loading label="Loading templates…" />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.data.data.length === 0) return <Empty title="No approved templates">Create a template and wait for its approval first.</Empty>;
  return (
    <div className="template-options" role="radiogroup" aria-label="Template" data-testid="template-picker">
      {templates.data.data.map((template) => {
        const body = template.components.find((c) => c.type === 'BODY');
        return (
          <label key={template.id} className={`template-option${template.id === value ? ' selected' : ''}`} data-testid="template-option" data-template-name={template.name}>
            <input type="radio" name="campaign-template" value={template.id} checked={template.id === value} onChange={() => onChange(template)} />
            <span className="template-option-head">
              <strong>{template.name}</strong>
              <span className="chip">{template.category.toLowerCase()}</span>
              <span className="chip subtle">{template.language}</span>
            </span>
            <span className="template-option-body muted">{body?.type === 'BODY' ? body.text : ''}</span>
          </label>
        );
      })}
    </div>
  );
}
