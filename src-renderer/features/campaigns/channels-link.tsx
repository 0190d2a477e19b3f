// A link from a builder with nothing approved yet to the Channels tab where that is made, so "create one first" says where.
import type { ReactNode } from 'react';
import { useUi } from '../../stores/ui.ts';

export function ChannelsLink({ tab, testId, children }: { tab: 'whatsapp' | 'sms' | 'rcs' | 'email'; testId: string; children: ReactNode }) {
  const go = useUi((s) => s.go);
  const setTab = useUi((s) => s.setChannelsTab);
  const follow = () => {
    setTab(tab);
    go('channels');
  };
  return <button type="button" className="link" onClick={follow} data-testid={testId}>{children}</button>;
}
