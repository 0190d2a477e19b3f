// The unified send domain: one endpoint over every channel's own send path, with ordered fallback.
import { defineDomain } from '../../kernel/domain.ts';
import { createUnifiedSendService, type UnifiedSendDeps } from './unified-send.service.ts';
import { unifiedSendRoutes } from './unified-send.routes.ts';

export function unifiedSendDomain(deps: UnifiedSendDeps) {
  const service = createUnifiedSendService(deps);
  return defineDomain({ name: 'unified-send', routes: unifiedSendRoutes(service), service });
}
export { emailAdapter, instagramAdapter, rcsAdapter, smsAdapter, whatsappAdapter } from './unified-send.adapters.ts';
export type { ChannelAdapter } from './unified-send.service.ts';
