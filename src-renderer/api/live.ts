// The live stream: joins the organization's room and turns server events into query invalidations
// (the one place where socket events touch server data).
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src-core/contract/index.ts';
import type { Connection } from '../app/connection.ts';
import { clockReadFrom } from '../features/simulator/queries.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export function connectLive(connection: Connection, organizationId: string, client: QueryClient, onStatus: (status: LiveStatus) => void): () => void {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(connection.baseUrl, {
    auth: { token: connection.token }, transports: ['websocket'],
  });
  let connectedBefore = false;
  socket.on('connect', () => {
    socket.emit('joinOrganization', organizationId, (result) => onStatus(result.ok ? 'live' : 'offline'));
    // Back after a drop: events may have been missed while offline, so everything shown is read again.
    if (connectedBefore) void client.invalidateQueries();
    connectedBefore = true;
  });
  socket.on('disconnect', () => onStatus('offline'));
  socket.on('connect_error', () => onStatus('offline'));
  const contactChanged = ({ contactId }: { contactId: string }) => {
    void client.invalidateQueries({ queryKey: ['contacts'] });
    void client.invalidateQueries({ queryKey: ['contact', contactId] });
  };
  socket.on('contact:created', contactChanged);
  socket.on('contact:updated', contactChanged);
  socket.on('clock:changed', (clock) => {
    client.setQueryData(['clock'], clockReadFrom(clock));
    void client.invalidateQueries({ queryKey: ['wallet'] });
    // What depends on the time itself: a conversation's 24-hour reply window, and the reviews of templates,
    // sender ids and domains that the simulated platforms make on the clock.
    void client.invalidateQueries({ queryKey: ['thread'] });
    void client.invalidateQueries({ queryKey: ['channels'] });
    void client.invalidateQueries({ queryKey: ['whatsapp-templates'] });
  });
  const messageChanged = ({ message }: { message: { conversationId: string | null; channel: string } }) => {
    void client.invalidateQueries({ queryKey: ['conversations', message.channel] });
    if (message.conversationId) void client.invalidateQueries({ queryKey: ['thread', message.conversationId] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
    void client.invalidateQueries({ queryKey: ['handset'] });
  };
  socket.on('message:new', messageChanged);
  socket.on('message:updated', messageChanged);
  socket.on('request:logged', () => void client.invalidateQueries({ queryKey: ['request-log'] }));
  socket.on('campaign:progress', () => void client.invalidateQueries({ queryKey: ['campaigns'] }));
  socket.on('delivery:attempt', ({ deliveryId }) => {
    void client.invalidateQueries({ queryKey: ['webhook-deliveries'] });
    void client.invalidateQueries({ queryKey: ['webhook-delivery', deliveryId] });
    void client.invalidateQueries({ queryKey: ['webhooks'] });
  });
  return () => {
    socket.disconnect();
  };
}
