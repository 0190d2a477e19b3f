// Trying a key just made: the shell lines that put it in $SWITCHBOARD_API_KEY and make a first request with it, to
// copy into a terminal, and the way to the Request log, where that request shows at once.
import type { CreatedApiKey } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { useUi } from '../../stores/ui.ts';
import { tryKeyCommand } from './curl.ts';
import './request-details.css';

export function TryKey({ created }: { created: Pick<CreatedApiKey, 'key' | 'scopes'> }) {
  const { baseUrl } = useApi();
  const go = useUi((s) => s.go);
  const { command, refused } = tryKeyCommand(created.key, created.scopes, baseUrl);
  return (
    <section className="request-curl" data-testid="try-key" aria-labelledby="try-key-title">
      <h2 className="card-title" id="try-key-title">Try it</h2>
      <p className="muted small">
        In a terminal: the key goes in <code>$SWITCHBOARD_API_KEY</code>, as the request log&apos;s curl commands read it, and a first
        request {refused ? 'answers 403, as this key has no scope to read the contacts (refusals are logged too)' : 'reads with it'}.
      </p>
      <div className="request-curl-command">
        <pre data-testid="try-key-command">{command}</pre>
        <CopyButton text={command} what="commands" of="trying the key" testId="copy-try-key" />
      </div>
      <p className="muted small">
        Its request shows in the <button type="button" className="link" onClick={() => go('requests')} data-testid="try-key-log">Request log</button> at once.
      </p>
    </section>
  );
}
