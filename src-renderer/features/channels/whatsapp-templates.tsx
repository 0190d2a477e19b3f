// WhatsApp templates: the organization's templates with their review status (live: the simulated platform
// reviews a new one a minute later on the clock), each opened in place to show all it holds, and a form to submit one.
import { Fragment, useRef, useState } from 'react';
import type { WaTemplate, WaTemplateComponent } from '../../../src-core/contract/index.ts';
import { codeWords, languageName } from '../../components/format.ts';
import { DateTime } from '../../components/date-time.tsx';
import { useWaTemplates } from './queries.ts';
import { StatusChip } from './status-chip.tsx';
import { TableCard } from './table-card.tsx';
import { WaTemplateDetail } from './wa-template-detail.tsx';
import { WaTemplateForm } from './wa-template-form.tsx';

const COLUMNS = ['Name', 'Category', 'Status', 'Body', 'Created'];
const bodyOf = (template: WaTemplate) => template.components.find((c): c is Extract<WaTemplateComponent, { type: 'BODY' }> => c.type === 'BODY')?.text ?? '';
/** What the template holds besides its body, for its row ("Text header · footer · 2 buttons"). */
function extrasOf(template: WaTemplate): string {
  const extras: string[] = [];
  for (const c of template.components) {
    if (c.type === 'HEADER') extras.push(`${codeWords(c.format)} header`);
    if (c.type === 'FOOTER') extras.push('footer');
    if (c.type === 'BUTTONS') extras.push(`${c.buttons.length} button${c.buttons.length === 1 ? '' : 's'}`);
  }
  const words = extras.join(' · ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function WhatsappTemplates() {
  const templates = useWaTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState<string | null>(null);
  const empty = {
    title: 'No WhatsApp templates yet', add: 'Submit a template.', field: nameField,
    what: 'Approved templates are what a campaign sends, and a reply once the 24-hour window has closed; each is reviewed first.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="WhatsApp templates" testId="wa-templates" columns={COLUMNS} row={(t) => {
        const opened = open === t.id;
        const detailId = `wa-template-detail-${t.id}`;
        const extras = extrasOf(t);
        return (
          <Fragment key={t.id}>
            <tr data-testid="wa-template-row" data-name={t.name}>
              {/* Its name opens it in place (a disclosure: expanded or collapsed), its language under it. */}
              <td><button type="button" className="link template-name" aria-expanded={opened} aria-controls={opened ? detailId : undefined}
                onClick={() => setOpen(opened ? null : t.id)} title={opened ? 'Hide what it holds' : 'Show what it holds'} data-testid="wa-template-open"><strong>{t.name}</strong></button>
                {' '}<span className="muted small template-language" title={`${t.language} in the API`}>{languageName(t.language)}</span></td>
              <td><span className="chip" data-testid="wa-template-category" data-category={t.category} title={`${t.category} in the API`}>{codeWords(t.category)}</span></td>
              <td><StatusChip status={t.status} title={t.rejectedReason ?? undefined} /></td>
              <td className="body-cell">{bodyOf(t)}{extras ? <span className="muted small template-extras" data-testid="wa-template-extras">{extras}</span> : null}</td>
              <td className="muted"><DateTime iso={t.createdAt} /></td>
            </tr>
            {opened ? <tr className="detail-row"><td colSpan={COLUMNS.length}><WaTemplateDetail template={t} id={detailId} /></td></tr> : null}
          </Fragment>
        );
      }} />
      <WaTemplateForm nameField={nameField} />
    </div>
  );
}
