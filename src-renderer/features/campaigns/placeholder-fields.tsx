// Values of a template's placeholders: each body {{n}} is a text for everyone or a contact field with a
// fallback; a header and dynamic URL buttons take their own values.
import type { ContactField, PlaceholderValue, TemplateNeeds, TemplateValues } from '../../components/wa-template.ts';
import { FIELDS } from '../../components/wa-template.ts';

const SOURCE_LABEL: Record<ContactField | 'static', string> = {
  static: 'Same text for everyone', name: "Contact's name", first_name: "Contact's first name", phone: "Contact's phone", email: "Contact's email",
  username: "Contact's username",
};

function BodyPlaceholder({ index, value, onChange }: { index: number; value: PlaceholderValue; onChange(value: PlaceholderValue): void }) {
  const n = index + 1;
  const source = value.kind === 'static' ? 'static' : value.field;
  const choose = (next: string) => onChange(next === 'static'
    ? { kind: 'static', text: value.kind === 'static' ? value.text : value.fallback }
    : { kind: 'field', field: next as ContactField, fallback: value.kind === 'static' ? value.text : value.fallback });
  return (
    <div className="placeholder-row" data-testid={`placeholder-${n}`}>
      <span className="placeholder-token" aria-hidden>{`{{${n}}}`}</span>
      <select value={source} onChange={(e) => choose(e.target.value)} aria-label={`Value of {{${n}}}`} data-testid={`placeholder-${n}-source`}>
        {(['static', ...FIELDS] as const).map((option) => <option key={option} value={option}>{SOURCE_LABEL[option]}</option>)}
      </select>
      {value.kind === 'static' ? (
        <input value={value.text} onChange={(e) => onChange({ kind: 'static', text: e.target.value })} placeholder="Text"
          aria-label={`Text of {{${n}}}`} data-testid={`placeholder-${n}-text`} maxLength={200} />
      ) : (
        <input value={value.fallback} onChange={(e) => onChange({ ...value, fallback: e.target.value })} placeholder="If the contact has none"
          aria-label={`Fallback of {{${n}}}`} data-testid={`placeholder-${n}-fallback`} maxLength={200} />
      )}
    </div>
  );
}

export function PlaceholderFields({ needs, values, onChange }: { needs: TemplateNeeds; values: TemplateValues; onChange(values: TemplateValues): void }) {
  const none = needs.body === 0 && !needs.header && needs.urlButtons.length === 0;
  if (none) return <p className="muted">This template has no placeholders: every recipient gets the same message.</p>;
  return (
    <div className="placeholders">
      {values.body.map((value, i) => (
        <BodyPlaceholder key={i} index={i} value={value}
          onChange={(next) => onChange({ ...values, body: values.body.map((v, j) => (j === i ? next : v)) })} />
      ))}
      {values.header.map((text, i) => (
        <label key={`h${i}`} className="placeholder-row">
          <span className="placeholder-token">Header {`{{${i + 1}}}`}</span>
          <input className="grow" value={text} onChange={(e) => onChange({ ...values, header: values.header.map((v, j) => (j === i ? e.target.value : v)) })}
            placeholder="Text" data-testid={`header-${i + 1}-text`} maxLength={60} />
        </label>
      ))}
      {needs.header?.kind === 'media' ? (
        <label className="placeholder-row">
          <span className="placeholder-token">Header {needs.header.format.toLowerCase()}</span>
          <input className="grow" type="url" value={values.mediaLink} onChange={(e) => onChange({ ...values, mediaLink: e.target.value })}
            placeholder="https://cdn.example.com/banner.png" data-testid="header-media-link" />
        </label>
      ) : null}
      {needs.urlButtons.map((index) => (
        <label key={`b${index}`} className="placeholder-row">
          <span className="placeholder-token">Button {index + 1} URL</span>
          <input className="grow" value={values.buttons[index] ?? ''} onChange={(e) => onChange({ ...values, buttons: { ...values.buttons, [index]: e.target.value } })}
            placeholder="End of the link, e.g. 1001" data-testid={`button-${index + 1}-suffix`} maxLength={200} />
        </label>
      ))}
    </div>
  );
}
