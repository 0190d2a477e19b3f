// The way on from an Instagram reply refused because no account is connected: the Channels page's Instagram tab,
// where it is connected ("connect an Instagram account in the dashboard first", the core says: this is the dashboard).
import { ApiError } from '../../api/http.ts';
import { useUi } from '../../stores/ui.ts';

/** An error's action (for `ErrorState`) that opens the Instagram tab of the Channels page, for a send refused as not connected. */
export function useConnectInstagramAction(error: unknown, channel: string | undefined): { label: string; run(): void } | undefined {
  const go = useUi((s) => s.go);
  const setChannelsTab = useUi((s) => s.setChannelsTab);
  if (channel !== 'instagram' || !(error instanceof ApiError) || error.code !== 'INTEGRATION_NOT_CONNECTED') return undefined;
  return { label: 'Connect Instagram', run: () => { setChannelsTab('instagram'); go('channels'); } };
}
