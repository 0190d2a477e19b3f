// A person's devices: each push token with its platform and whether it can ring them (a VoIP token), removed after a
// question; a new one registered (token, platform, VoIP). The core's refusals are shown where they happened.
import { useState, type FormEvent } from 'react';
import { DEVICE_PLATFORMS, type DevicePlatform, type VoiceIdentity } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { When } from '../../components/when.tsx';
import { useDevices, usePeopleMutations } from './queries.ts';

function RegisterDevice({ person }: { person: VoiceIdentity }) {
  const { register } = usePeopleMutations();
  const [token, setToken] = useState('');
  const [platform, setPlatform] = useState<DevicePlatform>('ios');
  // The core's default: an iOS token is a VoIP one, an Android one a plain notification token.
  const [isVoip, setIsVoip] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    register.mutate({ externalId: person.externalId, device: { token: token.trim(), platform, isVoip } }, { onSuccess: () => setToken('') });
  };
  return (
    <form className="device-form" onSubmit={submit} aria-label={`Register a device for ${person.externalId}`} data-testid="device-form">
      <label className="field grow">
        <span>Push token</span>
        <input value={token} onChange={(e) => setToken(e.target.value)} placeholder="apns-voip-token" data-testid="device-token" />
      </label>
      <label className="field">
        <span>Platform</span>
        <select value={platform} onChange={(e) => { setPlatform(e.target.value as DevicePlatform); setIsVoip(e.target.value === 'ios'); }} data-testid="device-platform">
          {DEVICE_PLATFORMS.map((p) => <option key={p} value={p}>{p === 'ios' ? 'iOS' : 'Android'}</option>)}
        </select>
      </label>
      <label className="inline small device-voip"><input type="checkbox" checked={isVoip} onChange={(e) => setIsVoip(e.target.checked)} data-testid="device-voip" />
        VoIP push (can ring)</label>
      <button type="submit" className="button small" disabled={register.isPending || !token.trim()} data-testid="device-register">Register device</button>
      {register.isError ? <div className="device-error"><ErrorState error={register.error} /></div> : null}
    </form>
  );
}

export function PersonDevices({ person }: { person: VoiceIdentity }) {
  const devices = useDevices(person.externalId);
  const { removeDevice } = usePeopleMutations();
  const list = devices.data?.data ?? [];
  return (
    <section className="person-devices" aria-label={`Devices of ${person.externalId}`} data-testid="person-devices" data-total={list.length}>
      {devices.isPending ? <Loading label="Loading the devices…" /> : null}
      {devices.isError ? <ErrorState error={devices.error} onRetry={() => void devices.refetch()} /> : null}
      {devices.isSuccess && list.length === 0 ? <p className="muted small">No devices: {person.isActive ? 'register a push token for the app to be rung.' : 'a deactivated person has none.'}</p> : null}
      {list.length > 0 ? (
        <ul className="device-list">
          {list.map((device) => (
            <li key={device.token} className="device-item" data-testid="device-row" data-token={device.token}>
              <code className="device-token">{device.token}</code>
              <span className="chip">{device.platform === 'ios' ? 'iOS' : 'Android'}</span>
              <span className={device.isVoip ? 'badge ok' : 'chip'}>{device.isVoip ? 'VoIP: can ring' : 'Notifications only'}</span>
              <span className="muted small">registered <When iso={device.registeredAt} /></span>
              <ConfirmButton label="Remove" name={`Remove device ${device.token}`} question="The app on it is no longer rung." confirmLabel="Remove device"
                onConfirm={() => removeDevice.mutate({ externalId: person.externalId, token: device.token })} testId="device-remove" />
            </li>
          ))}
        </ul>
      ) : null}
      {removeDevice.isError ? <ErrorState error={removeDevice.error} /> : null}
      {person.isActive ? <RegisterDevice person={person} /> : null}
    </section>
  );
}
