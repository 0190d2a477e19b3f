// The start's recovery of what a stop left queued: every outbound message a previous process recorded and charged, then
// handed to a provider that answers outside the send's transaction (an organization's SMTP server) and never heard back
// from, settled through the one send path, so that nothing stays queued and charged. The same settling fails the
// messages a job left queued when it failed its last attempt (a campaign's dispatch).
import type { Channel } from '../../contract/messaging.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import { yieldToIo } from '../../kernel/jobs.ts';
import { resend, type Resume } from './keyed-answers.ts';
import type { OutboundInput } from './messaging.sends.ts';
import type { HandOver, MessageRow, MessagingStore } from './messaging.store.ts';
import type { ChannelProvider, ProviderOutcome } from './provider.ts';

/** The outcome of a queued message of which nothing was kept to hand over again (queued before migration 30 found it). */
export const INTERRUPTED: Extract<ProviderOutcome, { ok: false }> = {
  ok: false, code: 'INTERRUPTED', message: 'Interrupted: the server stopped before the provider answered; it is not known whether it was delivered',
};
/** A failure given to a message its sender gave up on: its code and reason. */
export type GivenUp = Extract<ProviderOutcome, { ok: false }>;
/** Answers `outcome` inside the send's transaction: the message is failed and refunded, handed to nobody. */
const failingWith = (outcome: GivenUp): ChannelProvider => ({
  send: () => Promise.resolve(outcome),
  deliverInTransaction: (messages) => messages.map(() => outcome),
});
const interrupted = failingWith(INTERRUPTED);

/** How a channel hands a recovered message over, when not through its own provider (email: the organization's SMTP server now). */
export type ResumeOf = Partial<Record<Channel, (orgId: string) => Resume>>;
/** What the recovery did: messages handed over again, and messages failed as interrupted. */
export type Recovered = { handedOver: number; interrupted: number };

/** Messages handed over at once. */
const BATCH = 10;

export function queuedSettlement(deps: {
  store: MessagingStore;
  sendMany: (inputs: OutboundInput[]) => Promise<unknown>;
  /** Messages a request of this process is handing over now (a keyed retry): theirs to settle. */
  handingOver: ReadonlySet<string>;
  /** Where a settling puts what it is handing over: a send of one of them waits for it (see `sendMany`). */
  recovering: Map<string, Promise<unknown>>;
  log: (msg: string) => void;
}) {
  const { store } = deps;
  /** A queued message's send again, from its row and what its hand-over kept (its payload undefined: nothing kept). */
  type InputOf = (row: MessageRow, kept: HandOver) => OutboundInput;

  /**
   * Settles a batch, each message read again now and its hand-over too: one settled since, or being handed over by a
   * request of this process, is left alone. The others go out as `inputOf` makes them, through the one send path.
   */
  async function settle(ids: string[], inputOf: InputOf, what: string): Promise<void> {
    const inputs = ids.flatMap((id) => {
      if (deps.handingOver.has(id)) return [];
      const row = store.byId(id);
      if (row?.status !== 'queued') {
        // Settled since (a keyed retry), or a hand-over kept past its message: nothing to do but forget it.
        store.dropQueuedSend(id);
        return [];
      }
      return [inputOf(row, store.queuedSend(row.id))];
    });
    if (inputs.length === 0) return;
    const settled = deps.sendMany(inputs);
    for (const input of inputs) deps.recovering.set(input.messageId as string, settled);
    try {
      await settled;
    } catch (error) {
      deps.log(`${what}: ${inputs.map((input) => input.messageId).join(', ')} left queued: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      for (const input of inputs) deps.recovering.delete(input.messageId as string);
    }
  }

  /** Settles every message of `ids`, a few at a time, letting requests in between. */
  async function settleAll(ids: string[], inputOf: InputOf, what: string): Promise<void> {
    for (let i = 0; i < ids.length; i += BATCH) {
      await settle(ids.slice(i, i + BATCH), inputOf, what);
      await yieldToIo();
    }
  }

  return {
    /**
     * Settles every message of `ids` (those whose hand-over was kept when the process started, before any request: what
     * this process queues itself is its requests' to settle). Each goes out with what it was handed over with, as a keyed
     * request run again sends it (`resend`); without it, it fails as interrupted. Either way a failure is refunded as what
     * it was paid as (an RCS campaign's SMS fallback: RCS), as its first send would have refunded it. A channel's resume
     * is asked once per organization (its SMTP connection as it is now; none: ours).
     */
    async recover(ids: string[], resumeOf: ResumeOf): Promise<Recovered> {
      const done: Recovered = { handedOver: 0, interrupted: 0 };
      const resumes = new Map<string, Resume>();
      const how = (row: MessageRow): Resume => {
        const key = `${row.org_id} ${row.channel}`;
        if (!resumes.has(key)) resumes.set(key, resumeOf[row.channel as Channel]?.(row.org_id) ?? {});
        return resumes.get(key) as Resume;
      };
      await settleAll(ids, (row, { payload, prepaidAs }) => {
        if (payload === undefined) {
          done.interrupted++;
          return resend(row, '{}', { provider: interrupted }, prepaidAs);
        }
        done.handedOver++;
        return resend(row, payload, how(row), prepaidAs);
      }, 'recovery of queued messages');
      return done;
    },
    /**
     * Fails every message of `ids` still queued (its sender gave up on it: a job that failed its last attempt) with
     * `outcome`, handed to nobody, as the recovery fails an interrupted one: refunded (as `prepaidAs`, or what its
     * hand-over kept, when it was paid as another channel), its status event emitted. Answers how many it failed.
     */
    async giveUp(ids: string[], outcome: GivenUp, prepaidAs?: BilledChannel): Promise<number> {
      let failed = 0;
      await settleAll(ids, (row, kept) => {
        failed++;
        return resend(row, '{}', { provider: failingWith(outcome) }, prepaidAs ?? kept.prepaidAs);
      }, 'giving up queued messages');
      return failed;
    },
  };
}
