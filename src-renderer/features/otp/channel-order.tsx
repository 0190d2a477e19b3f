// A widget's delivery channels, in order: ticked ones are enabled, the first is where a send goes, and a
// retry may switch to any other enabled one. Arrows move a channel up or down the order.
import { OTP_CHANNELS, type OtpChannel } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL } from './otp-format.tsx';

export function ChannelOrder({ value, onChange, invalid }: { value: OtpChannel[]; onChange(channels: OtpChannel[]): void; invalid: boolean }) {
  const rows = [...value, ...OTP_CHANNELS.filter((channel) => !value.includes(channel))];
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [channel] = next.splice(index, 1);
    if (channel) next.splice(index + by, 0, channel);
    onChange(next);
  };
  const toggle = (channel: OtpChannel, on: boolean) => onChange(on ? [...value, channel] : value.filter((c) => c !== channel));
  return (
    <ol className="otp-channel-order" aria-invalid={invalid} data-field="channels" data-testid="otp-channels">
      {rows.map((channel) => {
        const index = value.indexOf(channel);
        const enabled = index >= 0;
        return (
          <li key={channel} className={enabled ? 'is-on' : ''} data-channel={channel}>
            <span className="otp-order-number" aria-hidden>{enabled ? index + 1 : '–'}</span>
            <label className="check">
              <input type="checkbox" checked={enabled} onChange={(e) => toggle(channel, e.target.checked)} data-testid={`otp-channel-${channel}`} />
              {CHANNEL_LABEL[channel]}
            </label>
            <span className="muted small">{!enabled ? 'off' : index === 0 ? 'sends go here' : 'retries may switch here'}</span>
            <span className="otp-order-moves">
              <button type="button" className="button ghost small" disabled={!enabled || index === 0} onClick={() => move(index, -1)}
                aria-label={`Move ${CHANNEL_LABEL[channel]} up`} data-testid={`otp-channel-up-${channel}`}>↑</button>
              <button type="button" className="button ghost small" disabled={!enabled || index === value.length - 1} onClick={() => move(index, 1)}
                aria-label={`Move ${CHANNEL_LABEL[channel]} down`}>↓</button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
