// createServer: the one composition root — database, kernel, domains, HTTP, stream and job runner.
import type { AddressInfo } from 'node:net';
import { advertisedBaseUrl } from './kernel/base-url.ts';
import { createApiKeys } from './kernel/api-keys.ts';
import { createBus } from './kernel/bus.ts';
import { createClock, type ClockMode } from './kernel/clock.ts';
import { startCheckpointer } from './kernel/checkpointer.ts';
import { openDb } from './kernel/db.ts';
import type { CoreDeps, Domain } from './kernel/domain.ts';
import { createHttp, type AnswerCheck } from './kernel/http.ts';
import { createIdempotency } from './kernel/idempotency.ts';
import { createJobRunner, type JobHandler } from './kernel/jobs.ts';
import { migrate } from './kernel/migrate.store.ts';
import { createOrgs } from './kernel/orgs.ts';
import { createLastUp } from './kernel/last-up.ts';
import { createRateLimiter } from './kernel/rate-limit.ts';
import { createRequestLog } from './kernel/request-log.ts';
import { scopesInUse, type AnyRoute, type InnerAnswer, type InnerRequest } from './kernel/route.ts';
import type { Scope } from './contract/scopes.ts';
import { newDashboardToken } from './kernel/tokens.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { contactsDomain } from './domains/contacts/index.ts';
import { walletDomain } from './domains/wallet/index.ts';
import { messagingDomain, type Providers, type Recovered } from './domains/messaging/index.ts';
import { whatsappDomain } from './domains/whatsapp/index.ts';
import { instagramDomain } from './domains/instagram/index.ts';
import { smsDomain } from './domains/sms/index.ts';
import { otpDomain } from './domains/otp/index.ts';
import { emailAdapter, instagramAdapter, rcsAdapter, smsAdapter, unifiedSendDomain, whatsappAdapter } from './domains/unified-send/index.ts';
import { rcsDomain } from './domains/rcs/index.ts';
import { emailDomain } from './domains/email/index.ts';
import { webhooksDomain, type WebhookOptions } from './domains/webhooks/index.ts';
import { mcpDomain } from './domains/mcp/index.ts';
import { automationsDomain } from './domains/automations/index.ts';
import packageJson from '../package.json' with { type: 'json' };
import { shopifyDomain } from './domains/shopify/index.ts';
import { aiDomain } from './domains/ai/index.ts';
import { voiceAgentsDomain } from './domains/voice-agents/index.ts';
import { voiceIdentitiesDomain } from './domains/voice-identities/index.ts';
import { voiceAppDomain } from './domains/voice-app/index.ts';
import { savedRepliesDomain } from './domains/saved-replies/index.ts';
import { formsDomain } from './domains/forms/index.ts';
import { campaignsDomain, type CampaignsService, type CampaignTracking } from './domains/campaigns/index.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { inboxRoutes } from './dashboard/inbox.routes.ts';
import { overviewRoutes } from './dashboard/overview.routes.ts';
import { clockRoutes } from './sim/clock.routes.ts';
import { simShopifyRoutes } from './sim/shopify.routes.ts';
import { simVoiceAppRoutes } from './sim/voice-app.routes.ts';
import { createScenarios, SCENARIO_STEP_JOB } from './sim/scenarios.ts';
import { simScenarioRoutes } from './sim/scenarios.routes.ts';
import { seedDemo } from './sim/demo-seed.ts';
import { createDemoStory, DEMO_STORY_MS, type DemoStory } from './sim/demo/story.ts';
import { createGateway } from './stream/gateway.ts';
import { createVoiceServer, voiceServerUrlOf, type VoiceServerHooks } from './voice-server/voice-server.ts';
import { sealingKey, serverSecret } from './kernel/sealed.ts';
import { watchStop } from './kernel/stop-watch.ts';
import { createSimWorld } from './sim/world.ts';
import { simulatedReceivers } from './sim/webhook-receivers.ts';
import { openApiRoutes } from './kernel/openapi.ts';

export type ServerOptions = {
  dataFile: string;
  host?: string;
  port?: number;
  /**
   * `manual` (tests): time stands still unless advanced. Default: real time plus the persisted offset.
   * `wallNow` (tests): the wall clock that signs webhook deliveries; default the system's.
   */
  clock?: ({ kind: 'manual'; startMs: number } | { kind: 'real' }) & { wallNow?: () => number };
  seed?: 'demo' | 'none' | 'auto';
  allowPrivateWebhooks?: boolean;
  /** A PEM certificate and its key (`serve --tls-cert --tls-key`): everything on the port is served over TLS, every URL handed out is https/wss. */
  tls?: { cert: Buffer | string; key: Buffer | string } | undefined;
  /** Test hooks for webhook delivery (resolver, a shorter timeout); production uses DNS and 10 s. */
  webhooks?: Omit<WebhookOptions, 'allowPrivate'>;
  dashboardToken?: string;
  consoleDir?: string;
  /** How long (real ms) an advance on a running clock steps through due jobs (tests shorten it). */
  advanceBudgetMs?: number;
  /**
   * Test hook: the channels' providers, made from the simulated world's (a provider that answers later, outside the
   * send's transaction, as a remote one does). Default: the simulated world's own.
   */
  providers?: (simulated: Providers) => Providers;
  /** Test hook: the voice server's join-token check (until the calls domain provides one, every token is refused). */
  voiceJoinCheck?: VoiceServerHooks['verify'];
  /** Test hook: sees each answer a route sends (the test server checks `/v1` answers against the API document's schemas). */
  answerCheck?: AnswerCheck;
  /** Test hook: how long a stop waits for answers still being sent before cutting their connections (default 10 s). */
  stopGraceMs?: number;
  log?: (msg: string) => void;
};

export type Ready = {
  url: string; apiBase: string; mcpUrl: string; consoleUrl: string; dashboardToken: string; organizationId: string;
};

const CLOCK_OFFSET_KEY = 'clock_offset_ms';
/** Set with the default organization when a seed is asked for; removed in the seed's own transaction. */
const DEMO_PENDING_KEY = 'demo_seed_pending';

export async function createServer(options: ServerOptions) {
  const log = options.log ?? ((msg: string) => process.stderr.write(`${msg}\n`));
  const db = openDb(options.dataFile);
  const checkpointer = options.dataFile === ':memory:' ? null : startCheckpointer(options.dataFile, 250, log);
  const bootClock = createClock({ kind: 'real' });
  migrate(db.sql, MIGRATIONS, bootClock.nowIso());
  const orgsAtBoot = createOrgs({ db, clock: bootClock });
  const savedOffset = Number(orgsAtBoot.getSetting(CLOCK_OFFSET_KEY) ?? 0);
  const seed = options.seed ?? 'auto';
  // A new database seeded on real time starts the demo's story two hours back; the seed brings it to now.
  // A seed cut short (the process killed) left nothing behind but this marker: it plays again, from the start.
  const seedPending = orgsAtBoot.isFresh() || Boolean(orgsAtBoot.getSetting(DEMO_PENDING_KEY));
  const demoStory = options.clock?.kind !== 'manual' && seed !== 'none' && seedPending;
  const clockMode: ClockMode = options.clock?.kind === 'manual' ? options.clock
    : { kind: 'real', offsetMs: savedOffset - (demoStory ? DEMO_STORY_MS : 0), wallNow: options.clock?.wallNow };
  const clock = createClock(clockMode);
  const orgs = createOrgs({ db, clock });
  const { organization: defaultOrg } = orgs.ensureDefault(() => {
    if (seed !== 'none') orgs.setSetting(DEMO_PENDING_KEY, 'yes');
  });

  const bus = createBus({ db, clock, log });
  const lastUp = createLastUp({ clock, settings: orgs });
  const saveClock = (): void => {
    if (clockMode.kind === 'real') orgs.setSetting(CLOCK_OFFSET_KEY, String(clock.offset()));
    lastUp.note();
  };
  // On real time, requests keep emitting events while an advance runs: it waits for what was committed (a
  // few waves deep), not for the outbox to run dry. The clock is saved at each step: a kill half-way must
  // not send virtual time back behind what ran.
  const settleEvents = (): Promise<void> => (clock.running ? bus.settle() : bus.flush());
  const jobs = createJobRunner({
    db, clock, log, afterEachJob: settleEvents, onClockMoved: saveClock, advanceBudgetMs: options.advanceBudgetMs,
  });
  const deps: CoreDeps = { db, clock, bus, jobs, log };
  const apiKeys = createApiKeys({ db, clock });
  const requestLog = createRequestLog({
    db, clock, log,
    // The stream carries the entry, never a failed request's bodies (read with the entry's detail).
    onEntry: ({ orgId, requestBody: _request, responseBody: _response, ...entry }) => bus.publishTransient(orgId, 'request.logged', entry),
  });
  const orgExists = orgs.exists;

  // A stage or form an automation triggers on is not deleted (automations are made below, asked at a delete).
  const contacts = contactsDomain({ ...deps, stageTriggerUsers: (orgId, id) => automations.service.triggerUsers(orgId, 'lifecycle_stage', id) });
  const wallet = walletDomain(deps);
  const world = createSimWorld(deps);
  const providers = options.providers?.(world.providers) ?? world.providers;
  let campaignsService: CampaignsService | null = null;
  const messaging = messagingDomain({
    ...deps, contacts: contacts.service, wallet: wallet.service, providers: () => providers, organizationName: (id) => orgs.nameOf(id),
    // A campaign's message was paid at its launch: a failure refunds the campaign (campaigns are made below).
    paidBy: (orgId, source, content) => campaignsService?.paidBy(orgId, source, content) ?? null,
  });
  const email = emailDomain({ ...deps, messaging: messaging.service, contacts: contacts.service });
  // Instagram's domain is made below; the simulator asks it only when a customer writes in.
  const sim = world.attach(messaging.service, email.service, () => campaignsService as CampaignTracking, {
    connected: (orgId) => instagram.service.connection(orgId).connected, receive: (orgId, input) => instagram.service.receive(orgId, input),
  });
  const scheme = options.tls ? 'https' : 'http';
  let publicBaseUrl = `${scheme}://${options.host ?? '127.0.0.1'}:${options.port ?? 4800}`;
  /** Where links point when no request names a host (a request's answers use the Host it reached: RouteContext.baseUrl). */
  const advertised = (): string => advertisedBaseUrl(publicBaseUrl, undefined);
  const whatsapp = whatsappDomain({ ...deps, messaging: messaging.service, contacts: contacts.service });
  const instagram = instagramDomain({ ...deps, messaging: messaging.service, contacts: contacts.service });
  const sms = smsDomain({ ...deps, messaging: messaging.service, contacts: contacts.service, wallet: wallet.service });
  const otp = otpDomain({ ...deps, messaging: messaging.service });
  const rcs = rcsDomain({ ...deps, messaging: messaging.service, sms: sms.service });
  const unifiedSend = unifiedSendDomain({
    adapters: {
      whatsapp: whatsappAdapter(whatsapp.service), instagram: instagramAdapter(instagram.service), sms: smsAdapter(sms.service), rcs: rcsAdapter(rcs.service),
      email: emailAdapter(email.service),
    },
    messaging: messaging.service,
  });
  const campaigns = campaignsDomain({
    ...deps, messaging: messaging.service, wallet: wallet.service, contacts: contacts.service, whatsapp: whatsapp.service, sms: sms.service, rcs: rcs.service, email: email.service,
  });
  campaignsService = campaigns.service;
  const shopify = shopifyDomain({ ...deps, shop: world.shopify.port });
  const forms = formsDomain({ ...deps, contacts: contacts.service, triggerUsers: (orgId, id) => automations.service.triggerUsers(orgId, 'form', id) });
  const automations = automationsDomain({
    ...deps, forms: forms.service, contacts: contacts.service, whatsapp: whatsapp.service, sms: sms.service, email: email.service, instagram: instagram.service,
    shopify: shopify.service,
  });
  // Endpoints on `*.sim.test` hosts are the simulated world's receivers, answered in-process.
  const webhooks = webhooksDomain({ ...deps, webhooks: { simulated: simulatedReceivers, ...options.webhooks, allowPrivate: options.allowPrivateWebhooks ?? false } });
  const voiceAgents = voiceAgentsDomain({ ...deps, wallet: wallet.service, contacts: contacts.service, port: () => world.voice });
  // Identities' phones (and, on a call ringing one, its phone leg) are sealed, and join tokens signed, under keys derived
  // from the database's own server secret (kernel/sealed.ts), one per purpose.
  const secret = serverSecret(orgs);
  const voiceIdentities = voiceIdentitiesDomain({
    ...deps, phoneKey: sealingKey(secret, 'voice-identity-phone'),
    // Read at each answer (after start-up, once voiceApp exists): a change of the setting shows on the next read.
    pstnEnabled: (orgId) => voiceApp.service.numbers.pstnEnabled(orgId),
    // As placing the call decides it: a business number to show, and never one of the account's own to ring.
    phoneRefusal: (orgId, phone) => (voiceApp.service.numbers.find(orgId, undefined) === undefined ? 'no_business_number'
      : voiceApp.service.numbers.owns(orgId, phone) ? 'own_business_number' : null),
  });
  const voiceApp = voiceAppDomain({
    ...deps, wallet: wallet.service, phones: () => world.voice, publicBaseUrl: advertised, voiceServerUrl: voiceServerUrlOf,
    phoneLegKey: sealingKey(secret, 'voice-app-call-phone-leg'),
    // Join tokens are signed under a key derived from the database's server secret: they outlive a restart, as calls do.
    joinTokenSecret: sealingKey(secret, 'voice-app-join-token').toString('hex'), identities: voiceIdentities.service, sessions: voiceIdentities.service,
    subscribed: (orgId, type) => webhooks.service.subscribes(orgId, type),
    answeringAgent: (orgId) => voiceAgents.service.listAgents(orgId, { page: 1, limit: 100, offset: 0 }).data.filter((a) => a.isActive).at(-1) ?? null,
  });
  const scenarios = createScenarios({
    ...deps, messaging: messaging.service, email: email.service, wallet: wallet.service, voiceApp: voiceApp.service,
    instagramConnected: (orgId) => instagram.service.connection(orgId).connected, organizationName: (id) => orgs.nameOf(id),
    subscriberUrls: (orgId, type) => webhooks.service.subscriberUrls(orgId, type),
  });
  const savedReplies = savedRepliesDomain(deps);
  const simShopify = simShopifyRoutes({ admin: world.shopify.admin, shopOf: (orgId) => shopify.service.connectedShop(orgId).domain });
  // The assistant endpoint calls the /v1 routes in-process, through the HTTP pipeline made below.
  let inject: ((request: InnerRequest) => Promise<InnerAnswer>) | null = null;
  const mcp = mcpDomain({
    routes: () => routes, version: packageJson.version,
    call: (request) => (inject ? inject(request) : Promise.reject(new Error('the HTTP pipeline is not ready'))),
  });
  const domains: Domain[] = [
    contacts, wallet, messaging, whatsapp, instagram, sms, otp, rcs, email, unifiedSend, campaigns, automations, webhooks, shopify, voiceAgents, voiceIdentities, voiceApp, savedReplies, forms, aiDomain(), mcp,
    {
      name: 'sim', routes: [...sim.routes, ...simShopify, ...simVoiceAppRoutes(voiceApp.service), ...simScenarioRoutes(scenarios)],
      jobs: { ...sim.jobs, [SCENARIO_STEP_JOB]: scenarios.step as JobHandler }, service: null,
    },
  ];
  for (const domain of domains) {
    for (const [type, handler] of Object.entries(domain.jobs ?? {})) {
      jobs.register(type, handler, { concurrency: domain.concurrentJobs?.[type], onExhausted: domain.exhaustedJobs?.[type] });
    }
    for (const [type, listener] of Object.entries(domain.on ?? {})) bus.on(type, listener);
    for (const [type, listener] of Object.entries(domain.within ?? {})) bus.within(type, listener);
  }

  async function advance(ms: number): Promise<void> {
    await jobs.advance(ms);
    await settleEvents();
    saveClock();
    bus.publishTransient(null, 'clock.changed', { now: clock.nowIso() });
  }

  let inUse: ReadonlySet<Scope> | undefined;
  const routes: AnyRoute[] = [
    ...domains.flatMap((d) => d.routes),
    ...dashboardRoutes({ orgs, apiKeys, requestLog, scopesInUse: () => (inUse ??= scopesInUse(routes)) }),
    ...inboxRoutes({ messaging: messaging.service, whatsapp: whatsapp.service, instagram: instagram.service, sms: sms.service, email: email.service, rcs: rcs.service }),
    ...overviewRoutes({ sql: db.sql, clock, unreadCounts: messaging.service.unreadCounts, stateCounts: messaging.service.stateCounts, wallet: wallet.service.get }),
    ...clockRoutes({ clock, advance }),
    ...openApiRoutes(() => routes, { version: packageJson.version }),
  ];
  const dashboardToken = options.dashboardToken ?? newDashboardToken();
  // A keyed request's fingerprint (an HMAC) and its first answer (sealed) are kept under keys from the server secret too.
  const idempotency = createIdempotency({ db, clock, fingerprintKey: sealingKey(secret, 'idempotency-fingerprint'), answerKey: sealingKey(secret, 'idempotency-answer') });
  const rateLimiter = createRateLimiter(clock); // the keys' windows as the last process left them, from the request log
  rateLimiter.restore((sinceMs) => requestLog.countedSince(sinceMs));
  const http = await createHttp(routes, {
    apiKeys, rateLimiter, requestLog, clock, dashboardToken,
    defaultOrgId: defaultOrg.id, orgExists, idempotency, consoleDir: options.consoleDir, log, answerCheck: options.answerCheck,
    listeningUrl: () => publicBaseUrl, tls: options.tls, stopGraceMs: options.stopGraceMs,
  });
  const { app, server } = http;
  inject = http.inject;
  const gateway = createGateway({ server, bus, dashboardToken, orgExists, hasAgentCall: voiceAgents.service.hasCall });
  const voiceServer = createVoiceServer({
    server, clock, log,
    hooks: {
      // A join token the voice app signed, for a call not yet ended. A leave is not a hang-up (the seed: an app losing
      // its connection does not end the call), but the last one out of an answered call's room starts its close
      // (`room_closed`, unless someone is back within the grace); a join notes the identity as seen.
      verify: options.voiceJoinCheck ?? (async (token) => {
        const grant = await voiceApp.service.joinTokens.verify(token);
        return grant && voiceApp.service.calls.isLive(grant.orgId, grant.callId) ? grant : null;
      }),
      onJoin: (grant) => {
        voiceApp.service.room.joined(grant.orgId, grant.callId);
        voiceIdentities.service.seen(grant.orgId, grant.participant);
      },
      onLeave: (grant) => voiceApp.service.room.left(grant.orgId, grant.callId, voiceServer.participants(grant.orgId, grant.callId)),
    },
  });

  // An ended call closes its connections to the voice server (code 4410).
  for (const type of ['voice.app.call.completed', 'voice.app.call.missed', 'voice.app.call.rejected']) {
    bus.on(type, (event) => voiceServer.endCall(event.orgId, (event.data as { callId: string }).callId));
  }

  const demoDeps = {
    orgId: defaultOrg.id, orgs, contacts: contacts.service, wallet: wallet.service, messaging: messaging.service, whatsapp: whatsapp.service,
    instagram: instagram.service, sms: sms.service, rcs: rcs.service, email: email.service, otp: otp.service, campaigns: campaigns.service, automations: automations.service, clock,
    shopify: shopify.service, shopifyAdmin: world.shopify.admin, voiceAgents: voiceAgents.service, voiceIdentities: voiceIdentities.service, voiceApp: voiceApp.service,
    webhooks: webhooks.service, savedReplies: savedReplies.service, forms: forms.service,
    apiKeys, api: http.inject, handset: (address: string) => world.received(address, defaultOrg.id),
  };
  // One transaction for the whole seed: a kill half-way leaves the database as it was before it.
  // Its integrations' requests are logged in it too: the log's buffer is written before the seed commits or is undone.
  const runSeed = (story: DemoStory): Promise<boolean> => db.hold(async () => {
    try {
      const seeded = await seedDemo(demoDeps, story);
      orgs.deleteSetting(DEMO_PENDING_KEY);
      return seeded;
    } finally {
      requestLog.flush();
    }
  });
  if (seed === 'demo' || (seed === 'auto' && orgs.getSetting(DEMO_PENDING_KEY))) {
    try {
      await runSeed(createDemoStory(demoStory ? { clock, baseOffsetMs: savedOffset, advance } : null));
    } catch (error) {
      await voiceServer.close();
      await gateway.close();
      await mcp.service.close();
      await app.close();
      await checkpointer?.stop();
      db.close();
      throw error;
    }
  }

  /**
   * Messages a previous process left queued (stopped between recording one and hearing from its provider: an
   * organization's SMTP server), settled after listen, off the start-up line: see `recoverQueued`.
   */
  let recovery: Promise<Recovered> | null = null;
  function recoverQueued(ids: string[]): Promise<Recovered> {
    return messaging.service.recoverQueued(ids, { email: (orgId) => email.service.resume(orgId) }).then((done) => {
      if (done.handedOver + done.interrupted > 0) {
        log(`recovered messages a previous run left queued: ${done.handedOver} handed over again, ${done.interrupted} failed as interrupted (refunded)`);
      }
      return done;
    }, (error: unknown) => {
      log(`recovery of queued messages failed: ${error instanceof Error ? error.message : String(error)}`);
      return { handedOver: 0, interrupted: 0 };
    });
  }

  let closed = false;
  return {
    routes,
    services: { orgs, apiKeys, contacts: contacts.service, wallet: wallet.service, messaging: messaging.service, whatsapp: whatsapp.service, instagram: instagram.service, sms: sms.service, otp: otp.service, rcs: rcs.service, email: email.service, webhooks: webhooks.service, campaigns: campaigns.service, shopify: shopify.service, automations: automations.service, voiceAgents: voiceAgents.service, voiceIdentities: voiceIdentities.service, voiceApp: voiceApp.service, savedReplies: savedReplies.service },
    voiceServer,
    /** The voice server's websocket address (`voiceServerUrl` of a create-call result): ws:// on plain HTTP, wss:// on TLS. */
    voiceServerUrl: (): string => voiceServerUrlOf(advertised()),
    seedDemo: () => runSeed(createDemoStory(null)),
    clock,
    jobs,
    bus,
    db,
    dashboardToken,
    defaultOrganizationId: defaultOrg.id,
    advance,
    /** Resolves when the start's recovery of queued messages is done (at once before `listen`), with what it did. */
    queuedRecovery: (): Promise<Recovered> => recovery ?? Promise.resolve({ handedOver: 0, interrupted: 0 }),
    async listen(): Promise<Ready> {
      // Taken before the first request: what this process queues is its own requests' to settle.
      const queuedAtStart = messaging.service.queuedAtStart();
      // Rooms a killed process left apps in (a stop reports each gone); only the serving process, not a CLI command's core.
      voiceApp.service.room.emptiedByKill(lastUp.previousMs ?? 0);
      await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 4800 });
      jobs.start();
      lastUp.start();
      void bus.flush();
      recovery = recoverQueued(queuedAtStart);
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `${scheme}://${host}:${address.port}`;
      publicBaseUrl = url;
      return {
        url, apiBase: `${url}/v1`, mcpUrl: `${url}/mcp`, consoleUrl: `${url}/#token=${dashboardToken}`,
        dashboardToken, organizationId: defaultOrg.id,
      };
    },
    /** Stops taking requests, lets in-flight ones finish, stops the runner, flushes logs, closes the database. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const stop = watchStop({ clock, log }); // a stop that takes long logs the step holding it
      await stop.step('the voice connections to close', () => voiceServer.close());
      await stop.step('the event stream to close', () => gateway.close());
      await stop.step('the MCP sessions to close', () => mcp.service.close());
      await stop.step('requests in flight to be answered', () => app.close());
      // As a request in flight: an SMTP server answering late is waited for (its own timeouts bound it).
      await stop.step('queued messages being recovered', () => recovery);
      await stop.step('the job running to finish', () => jobs.stop());
      lastUp.stop();
      await stop.step('events to be dispatched', () => bus.flush());
      bus.saveCursor();
      requestLog.flush();
      saveClock();
      await stop.step('the checkpoint worker to stop', () => checkpointer?.stop());
      stop.done();
      db.close();
    },
  };
}
export type SwitchboardServer = Awaited<ReturnType<typeof createServer>>;
