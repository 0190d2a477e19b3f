// What connectLive hands on besides reloads: each new message, to what says customers' messages aloud
// (app/customers-wrote-in.ts); a status change is no new message.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src-core/contract/index.ts';
import { fakeSocket } from './fake-socket.ts';
import { connectLive } from './live.ts';

describe('connectLive follows', () => {
  it('hands each message:new to customerWroteIn, and no message:updated', () => {
    const client = new QueryClient();
    const { socket, send } = fakeSocket();
    const told: string[] = [];
    const stop = connectLive({ baseUrl: 'http://core.test', token: 't' }, 'org_1', client, () => undefined,
      { customerWroteIn: (message) => told.push(message.id) }, () => socket as never);
    const message = { id: 'msg_1', channel: 'sms', conversationId: 'conv_1', direction: 'inbound', source: 'INBOUND', status: 'received' } as Message;
    send('message:new', { message });
    send('message:updated', { message: { ...message, id: 'msg_2' } });
    stop();
    client.clear();
    expect(told).toEqual(['msg_1']);
  });
});
