// The AI domain: the models the account can use, by capability label (the providers behind them are not exposed).
import { defineDomain } from '../../kernel/domain.ts';
import { aiRoutes } from './ai.routes.ts';

export function aiDomain() {
  return defineDomain({ name: 'ai', routes: aiRoutes(), service: null });
}
