// The organization's OTP widgets as cards (what a code looks like, how long it lives, its limits and
// channels, the id the API needs), a form to create one, and each card's own form to change it.
import { useState } from 'react';
import type { OtpWidget } from '../../../src-core/contract/index.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { CHANNEL_LABEL, duration } from './otp-format.tsx';
import { useOtpWidgets } from './queries.ts';
import { WidgetForm } from './widget-form.tsx';

const times = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function WidgetCard({ widget, chosen, onEdit, onChoose }: { widget: OtpWidget; chosen: boolean; onEdit(): void; onChoose(): void }) {
  const settings: Array<[string, string]> = [
    ['Code', `${widget.otpLength} digits, valid ${duration(widget.expirySeconds)}`],
    ['Resends', widget.maxResends === 0 ? 'none' : `up to ${times(widget.maxResends, 'time')}, ${widget.resendCooldownSeconds ? `${duration(widget.resendCooldownSeconds)} apart` : 'no wait'}`],
    ['Per phone', `${times(widget.maxSendsPerHour, 'send')} an hour`],
    ['Attempts', `blocked after ${times(widget.maxVerifyAttempts, 'wrong code')}`],
  ];
  return (
    <article className={`card otp-widget${chosen ? ' is-chosen' : ''}`} data-testid="otp-widget" data-widget-id={widget.id} aria-label={widget.name}>
      <div className="otp-widget-head">
        <div className="otp-widget-title">
          <strong className="otp-widget-name" data-testid="otp-widget-name">{widget.name}</strong>
          <span className="otp-widget-id"><code title="widgetId for /v1/otp/send">{widget.id}</code><CopyButton text={widget.id} what="widget id" of={widget.name} /></span>
        </div>
        <ol className="otp-channels" aria-label="Channels, in order" data-testid="otp-widget-channels">
          {widget.channels.map((channel, index) => <li key={channel} className="chip">{index + 1}. {CHANNEL_LABEL[channel]}</li>)}
        </ol>
      </div>
      <dl className="otp-settings">{settings.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}</dl>
      <div className="otp-widget-actions">
        <button type="button" className="button small" onClick={onEdit} aria-label={`Edit ${widget.name}`} data-testid="otp-widget-edit">Edit</button>
        <button type="button" className="button ghost small" onClick={onChoose} aria-pressed={chosen} aria-label={`${chosen ? 'Showing its activity' : 'Show activity'} (${widget.name})`} data-testid="otp-widget-activity">{chosen ? 'Showing its activity' : 'Show activity'}</button>
      </div>
    </article>
  );
}

export function WidgetsSection({ chosenId, onChoose }: { chosenId: string; onChoose(widgetId: string): void }) {
  const widgets = useOtpWidgets();
  // 'new': the create form is open; a widget's id: that card is being changed.
  const [editing, setEditing] = useState<string | null>(null);
  const list = widgets.data?.data ?? [];
  return (
    <section className="otp-section" aria-labelledby="otp-widgets-title">
      <div className="page-title">
        <h2 id="otp-widgets-title">Widgets {widgets.data ? <span className="otp-count">{list.length}</span> : null}</h2>
        {editing !== 'new' ? <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="otp-new-widget">New widget</button> : null}
      </div>
      {editing === 'new' ? <WidgetForm widget={null} onDone={() => setEditing(null)} /> : null}
      {widgets.isPending ? <Loading label="Loading widgets…" /> : widgets.isError ? <ErrorState error={widgets.error} onRetry={() => void widgets.refetch()} />
        : list.length === 0 ? (
          <Empty title="No OTP widgets yet">A widget sets a code's length, expiry, limits and channels; the API sends codes through it by its id.</Empty>
        ) : (
          <div className="otp-widgets" data-testid="otp-widgets">
            {list.map((widget) => (editing === widget.id
              ? <WidgetForm key={widget.id} widget={widget} onDone={() => setEditing(null)} />
              : <WidgetCard key={widget.id} widget={widget} chosen={chosenId === widget.id} onEdit={() => setEditing(widget.id)} onChoose={() => onChoose(chosenId === widget.id ? '' : widget.id)} />))}
          </div>
        )}
    </section>
  );
}
