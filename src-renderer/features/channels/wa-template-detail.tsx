// A WhatsApp template opened from its row: what it holds, part by part (header, body, footer, each button with where
// it goes), the message as a phone shows it, its review status and, when rejected, why.
import type { WaTemplate, WaTemplateButton } from '../../../src-core/contract/index.ts';
import { codeWords, languageName } from '../../components/format.ts';
import { startWhatsappCampaign } from '../campaigns/campaign-builder.tsx';
import { StatusChip } from './status-chip.tsx';
import { WaTemplatePhone } from './wa-template-phone.tsx';

const BUTTON_WORDS: Record<WaTemplateButton['type'], string> = { QUICK_REPLY: 'Quick reply', URL: 'Link', PHONE_NUMBER: 'Call' };

function ButtonPart({ button }: { button: WaTemplateButton }) {
  const to = button.type === 'URL' ? button.url : button.type === 'PHONE_NUMBER' ? button.phone_number : null;
  const dynamic = button.type === 'URL' && /\{\{\d+\}\}$/.test(button.url);
  return (
    <li data-testid="wa-template-part" data-part="button" data-type={button.type}>
      <span className="muted">{BUTTON_WORDS[button.type]}:</span> <strong>{button.text}</strong>
      {to ? <> → <span className="part-value">{to}</span></> : null}
      {dynamic ? <span className="muted small"> (its end filled at each send)</span> : null}
    </li>
  );
}

function Parts({ template }: { template: WaTemplate }) {
  const rows: Array<{ part: string; term: string; value: string }> = [];
  let buttons: WaTemplateButton[] = [];
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      rows.push({ part: 'header', term: 'Header', value: component.format === 'TEXT' ? component.text ?? '' : `${codeWords(component.format)} (its link given at each send)` });
    }
    if (component.type === 'BODY') rows.push({ part: 'body', term: 'Body', value: component.text });
    if (component.type === 'FOOTER') rows.push({ part: 'footer', term: 'Footer', value: component.text });
    if (component.type === 'BUTTONS') buttons = component.buttons;
  }
  return (
    <dl className="wa-template-parts">
      {rows.map((row) => (
        <div key={row.part} data-testid="wa-template-part" data-part={row.part}><dt>{row.term}</dt><dd className="part-value">{row.value}</dd></div>
      ))}
      {buttons.length > 0 ? (
        <div data-part="buttons"><dt>Buttons</dt><dd><ul className="plain-list">{buttons.map((b, i) => <ButtonPart key={i} button={b} />)}</ul></dd></div>
      ) : null}
    </dl>
  );
}

export function WaTemplateDetail({ template, id }: { template: WaTemplate; id: string }) {
  return (
    <div className="wa-template-detail" id={id} role="region" aria-label={`Template ${template.name}`} data-testid="wa-template-detail" data-name={template.name}>
      <div className="wa-template-detail-facts">
        <p className="detail-status">
          <StatusChip status={template.status} /> <span className="muted small">{codeWords(template.category)} · {languageName(template.language)}</span>
        </p>
        {template.status === 'APPROVED' ? (
          <p><button type="button" className="button" onClick={() => startWhatsappCampaign(template)} data-testid="wa-template-campaign">New campaign with it</button></p>
        ) : null}
        {template.status === 'REJECTED' ? (
          <p className="rejected-reason" data-testid="wa-template-rejected-reason">{template.rejectedReason ?? 'Rejected; the platform gave no reason.'}</p>
        ) : null}
        <Parts template={template} />
      </div>
      <WaTemplatePhone template={template} label={`Preview of ${template.name}`} testId="wa-template-detail-preview" />
    </div>
  );
}
