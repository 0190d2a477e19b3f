// The simulator's magic numbers: each address a link, as whole as it is typed (no range or "…" to decode): a phone,
// mailbox or Instagram id opens in the handset viewer, the simulated webhook receiver goes to the Webhooks page.
import { SIM_RECEIVER_DOMAIN, SIM_RECEIVER_EXAMPLE_URL } from '../../../src-core/contract/index.ts';
import { useUi } from '../../stores/ui.ts';

type Magic = { address: string; behaviour: string; opens: 'handset' | 'webhooks' };

const MAGIC: Magic[] = [
  { address: '+15005550001', behaviour: 'every channel (WhatsApp, SMS, RCS) fails', opens: 'handset' },
  { address: '+15005550002', behaviour: 'WhatsApp fails; SMS and RCS succeed', opens: 'handset' },
  { address: '+15005550003', behaviour: 'the handset has no RCS', opens: 'handset' },
  { address: '+15005550004', behaviour: 'voice: a call to it is not answered', opens: 'handset' },
  { address: '+15005550005', behaviour: 'voice: a call to it is busy', opens: 'handset' },
  { address: '+15005550006', behaviour: 'voice: a call to it is declined', opens: 'handset' },
  { address: '+15005550007', behaviour: 'voice: a call to it cannot be placed', opens: 'handset' },
  { address: 'bounce@sim.test', behaviour: 'email bounces', opens: 'handset' },
  { address: 'complaint@sim.test', behaviour: 'email is marked as spam, then suppressed', opens: 'handset' },
  {
    address: SIM_RECEIVER_EXAMPLE_URL, opens: 'webhooks',
    behaviour: `webhook endpoint, any https URL at ${SIM_RECEIVER_DOMAIN}: answers 200; a path ending /status/500 answers 500, /timeout nothing`,
  },
];

export function MagicNumbersCard({ onOpenHandset }: { onOpenHandset(address: string): void }) {
  const go = useUi((s) => s.go);
  return (
    <section className="card">
      <h2 className="card-title">Magic numbers</h2>
      <table className="table compact sim-magic"><tbody>
        {MAGIC.map(({ address, behaviour, opens }) => (
          <tr key={address}>
            <td>
              <button type="button" className="link" onClick={() => (opens === 'handset' ? onOpenHandset(address) : go('webhooks'))}
                title={`${address}: ${opens === 'handset' ? 'open in the handset viewer' : 'add it as an endpoint on the Webhooks page'}`}
                data-testid="magic-address" data-opens={opens}><code>{address}</code></button>
            </td>
            <td data-testid="magic-behaviour">{behaviour}</td>
          </tr>
        ))}
        <tr><td className="muted">any other address</td><td data-testid="magic-behaviour">delivered at +2 s, read at +10 s</td></tr>
      </tbody></table>
    </section>
  );
}
