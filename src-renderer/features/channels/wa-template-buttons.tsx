// A WhatsApp template's buttons in the Channels form: up to the platform's number of them, each a quick reply, a link
// (with an optional suffix filled at each send) or a call; each field the core refuses is said under it.
import { useRef } from 'react';
import { WA_TEMPLATE_LIMITS } from '../../../src-core/contract/index.ts';
import { FieldProblem, fieldProps, LabelledField, problemIdOf } from '../../components/field-refusal.tsx';
import { BUTTON_TYPES, URL_SUFFIX, type ButtonType, type DraftButton, type DraftField } from './wa-template-draft.ts';
import { Counter } from './wa-template-counter.tsx';

type Problems = Partial<Record<DraftField, string>>;
/** Each kind as the phone shows it (the inbox's and the preview's words), the API's code in the option's title. */
const KIND_WORDS: Record<ButtonType, string> = { QUICK_REPLY: 'Quick reply', URL: 'Link', PHONE_NUMBER: 'Call' };

function ButtonFields({ button, index, problems, onChange, onRemove }: {
  button: DraftButton; index: number; problems: Problems; onChange(next: DraftButton): void; onRemove(): void;
}) {
  const id = (part: string) => `wa-button-${index}-${part}`;
  const problem = (part: 'text' | 'url' | 'phone') => problems[`button-${index}-${part}`];
  return (
    <fieldset className="wa-button" data-testid="wa-button" data-index={index}>
      <legend>Button {index + 1}</legend>
      <div className="form-row">
        <label className="field"><span>Kind</span>
          <select value={button.type} onChange={(e) => onChange({ ...button, type: e.target.value as ButtonType })} data-testid="wa-button-type">
            {BUTTON_TYPES.map((type) => <option key={type} value={type} title={`${type} in the API`}>{KIND_WORDS[type]}</option>)}
          </select>
        </label>
        <LabelledField id={id('text')} label="Text" problem={problem('text')} className="field grow">
          <input value={button.text} onChange={(e) => onChange({ ...button, text: e.target.value })} placeholder="Track order" required
            {...fieldProps(id('text'), problem('text'))} data-testid="wa-button-text" />
          <Counter text={button.text} max={WA_TEMPLATE_LIMITS.buttonText} />
        </LabelledField>
      </div>
      {button.type === 'URL' ? (
        <>
          <LabelledField id={id('url')} label="URL" problem={problem('url')}>
            <input value={button.url} onChange={(e) => onChange({ ...button, url: e.target.value })} placeholder="https://shop.example.com/track/" required
              {...fieldProps(id('url'), problem('url'))} data-testid="wa-button-url" />
          </LabelledField>
          <label className="check">
            <input type="checkbox" checked={button.dynamic} onChange={(e) => onChange({ ...button, dynamic: e.target.checked })} data-testid="wa-button-dynamic" />
            <span>Dynamic suffix: each send adds the end of the link ({URL_SUFFIX} after the URL)</span>
          </label>
        </>
      ) : null}
      {button.type === 'PHONE_NUMBER' ? (
        <LabelledField id={id('phone')} label="Phone number" problem={problem('phone')}>
          <input type="tel" value={button.phone} onChange={(e) => onChange({ ...button, phone: e.target.value })} placeholder="+14155550100" required
            {...fieldProps(id('phone'), problem('phone'))} data-testid="wa-button-phone" />
        </LabelledField>
      ) : null}
      <div className="actions left">
        <button type="button" className="button ghost small" onClick={onRemove} aria-label={`Remove button ${index + 1}`} data-testid="wa-button-remove">Remove</button>
      </div>
    </fieldset>
  );
}

export function WaTemplateButtons({ buttons, problems, onChange }: { buttons: DraftButton[]; problems: Problems; onChange(next: DraftButton[]): void }) {
  const nextKey = useRef(0);
  const full = buttons.length >= WA_TEMPLATE_LIMITS.buttons;
  function add() {
    nextKey.current += 1;
    onChange([...buttons, { key: nextKey.current, type: 'QUICK_REPLY', text: '', url: '', dynamic: false, phone: '' }]);
  }
  return (
    <div className="wa-buttons" data-testid="wa-buttons">
      <div className="field-name">Buttons <span className="muted small">(optional, up to {WA_TEMPLATE_LIMITS.buttons})</span></div>
      {buttons.map((button, index) => (
        <ButtonFields key={button.key} button={button} index={index} problems={problems}
          onChange={(next) => onChange(buttons.map((b) => (b.key === button.key ? next : b)))} onRemove={() => onChange(buttons.filter((b) => b.key !== button.key))} />
      ))}
      <FieldProblem id={problemIdOf('wa-buttons')} problem={problems.buttons} testId={problemIdOf('wa-buttons')} />
      <div className="actions left">
        <button type="button" className="button small" onClick={add} disabled={full} data-testid="wa-button-add">Add button</button>
        {full ? <span className="muted small" data-testid="wa-buttons-full">A template holds at most {WA_TEMPLATE_LIMITS.buttons} buttons.</span> : null}
      </div>
    </div>
  );
}
