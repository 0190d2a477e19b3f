// Playing the simulator's scenarios (scenarios.catalogue.ts): whether an organization has what each needs, and a run
// as one job per step on the virtual clock, each step done through the path the simulator's own routes take.
import type { Scenario, ScenarioRun } from '../contract/sim.ts';
import type { EmailService } from '../domains/email/index.ts';
import type { MessagingService } from '../domains/messaging/index.ts';
import type { VoiceAppService } from '../domains/voice-app/index.ts';
import type { WalletService } from '../domains/wallet/index.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/db.ts';
import { AppError, conflict, notFound } from '../kernel/errors.ts';
import { newId } from '../kernel/ids.ts';
import type { JobContext, JobRunner } from '../kernel/jobs.ts';
import { canonicalAddress } from './fixtures.ts';
import { callWords } from './scenario-call-words.ts';
import { SCENARIOS, type ScenarioAction, type ScenarioDefinition, type ScenarioNeed } from './scenarios.catalogue.ts';

export const SCENARIO_STEP_JOB = 'sim.scenario.step';

/** A step as its job carries it: an email's sender and template were chosen when the run started. */
type StepAction = Exclude<ScenarioAction, { kind: 'email' }> | { kind: 'email'; to: string; templateId: string; fromEmail: string; fromName: string };
export type ScenarioStepJob = { runId: string; scenarioId: string; at: number; action: StepAction };

export type ScenarioDeps = {
  db: Db; clock: Clock; jobs: JobRunner; log: (msg: string) => void;
  messaging: MessagingService; email: EmailService; wallet: WalletService; voiceApp: VoiceAppService;
  instagramConnected: (orgId: string) => boolean; organizationName: (orgId: string) => string;
  /** The URLs of the organization's active webhook endpoints that take `type` (by name or `*`). */
  subscriberUrls: (orgId: string, type: string) => string[];
};

const PAGE_OF_TEMPLATES = { page: 1, limit: 100, offset: 0 };

export function createScenarios(deps: ScenarioDeps) {
  const { email, voiceApp } = deps;

  /** The newest email template with HTML (a template without it cannot be sent), or null. */
  function htmlTemplate(orgId: string): { id: string } | null {
    for (const item of email.listTemplates(orgId, PAGE_OF_TEMPLATES).data) {
      if (email.getTemplate(orgId, item.id).html?.trim()) return item;
    }
    return null;
  }
  const verifiedDomain = (orgId: string): string | null => email.domains(orgId).find((d) => d.status === 'VERIFIED')?.domain ?? null;

  function emailProblems(orgId: string, scenario: ScenarioDefinition): string[] {
    const addresses = scenario.steps.flatMap((step) => (step.action.kind === 'email' ? [step.action.to] : []));
    const problems: string[] = [];
    if (!verifiedDomain(orgId)) problems.push('no verified sending domain (add one on the Channels page, Email)');
    if (!htmlTemplate(orgId)) problems.push('no email template with HTML (make one on the Channels page, Email)');
    const credits = deps.wallet.get(orgId).emailCredits;
    if (credits < addresses.length) problems.push(`${credits} email credits where it spends ${addresses.length} (top up on the Wallet page)`);
    if (email.smtp(orgId).connected) problems.push('an SMTP connection is set: its emails would leave through it, not reach the simulated mailboxes');
    const suppressed = addresses.filter((to) => email.suppression(orgId, to));
    if (suppressed.length) problems.push(`the suppression list already holds ${suppressed.join(' and ')} (take them off it on the Channels page, Email)`);
    return problems;
  }

  function businessNumberProblems(orgId: string): string[] {
    if (voiceApp.numbers.list(orgId).data.length === 0) return ['no business number (add one on the Calls page, App calls tab)'];
    if (!voiceApp.numbers.pstnEnabled(orgId)) return ['phone calling is off (turn it on from the Calls page, App calls tab)'];
    return [];
  }

  const PROBLEMS: Record<ScenarioNeed, (orgId: string, scenario: ScenarioDefinition) => string[]> = {
    instagram: (orgId) => (deps.instagramConnected(orgId) ? [] : ['Instagram is not connected (connect it on the Channels page, Instagram)']),
    businessNumber: businessNumberProblems,
    email: emailProblems,
  };
  /** What keeps `scenario` from playing out whole on the organization, in words; empty when nothing does. */
  const problemsOf = (orgId: string, scenario: ScenarioDefinition): string[] => scenario.needs.flatMap((need) => PROBLEMS[need](orgId, scenario));
  const sentence = (problems: string[]): string => {
    const text = problems.join('; ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  };

  const stepsOf = (scenario: ScenarioDefinition) => scenario.steps.map(({ at, what }) => ({ at, what }));
  /** The scenario's description for the organization: how a call would go there now, where it says. */
  const descriptionOf = (orgId: string, scenario: ScenarioDefinition): string => (typeof scenario.description === 'string' ? scenario.description
    : scenario.description({ call: callWords(voiceApp.inbound.routeOf(orgId), deps.subscriberUrls(orgId, 'voice.app.call.inbound')) }));

  /** The step's action as its job keeps it: an email's sender and template fixed now, so every step of a run sends alike. */
  function resolved(orgId: string, action: ScenarioAction): StepAction {
    if (action.kind !== 'email') return action;
    return {
      ...action, templateId: (htmlTemplate(orgId) as { id: string }).id, fromEmail: `hello@${verifiedDomain(orgId) as string}`,
      fromName: deps.organizationName(orgId),
    };
  }

  /** Does a customer's or a phone's step, as the simulator's routes would (the same checks, the same services). */
  function act(orgId: string, action: Exclude<StepAction, { kind: 'email' }>): void {
    if (action.kind === 'call') {
      voiceApp.inbound.receive(orgId, { from: action.from });
      return;
    }
    // As POST /sim/inbound: no Instagram message reaches an organization without a connected account.
    if (action.channel === 'instagram' && !deps.instagramConnected(orgId)) throw new AppError('INTEGRATION_NOT_CONNECTED', 'Instagram is not connected');
    deps.messaging.receive({ orgId, channel: action.channel, from: canonicalAddress(action.channel, action.from), text: action.text, name: action.name });
  }

  /** The organization's email, keyed by its job: a step run again after a stop finds the email it had sent rather than sending another. */
  const sendEmail = (orgId: string, action: Extract<StepAction, { kind: 'email' }>, ctx: JobContext) => email.send(orgId, {
    templateId: action.templateId, recipient: { to: action.to }, fromName: action.fromName, fromEmail: action.fromEmail, variables: { order: '1001' },
  }, { source: 'MANUAL', sourceName: 'Simulator scenario', messageId: () => `msg_${ctx.jobId.slice('job_'.length)}` });

  /** A step the organization can no longer take (Instagram disconnected since the run began, say) is skipped, said in the log, not retried. */
  const skipped = (step: ScenarioStepJob, error: unknown): void => {
    if (!(error instanceof AppError)) throw error;
    deps.log(`scenario ${step.scenarioId} (${step.runId}): the step at ${step.at} s was skipped: ${error.message}`);
  };

  return {
    list(orgId: string): { data: Scenario[] } {
      return {
        data: SCENARIOS.map((scenario) => {
          const problems = problemsOf(orgId, scenario);
          return {
            id: scenario.id, name: scenario.name, description: descriptionOf(orgId, scenario), steps: stepsOf(scenario), durationSeconds: scenario.durationSeconds,
            available: problems.length === 0, ...(problems.length ? { unavailableReason: sentence(problems) } : {}),
          };
        }),
      };
    },
    /** Schedules every step of the scenario (all or none, the first due now); 409 naming what the organization lacks. */
    run(orgId: string, scenarioId: string): ScenarioRun {
      const scenario = SCENARIOS.find((s) => s.id === scenarioId);
      if (!scenario) throw notFound(`Scenario ${scenarioId}`);
      return deps.db.tx(() => {
        const problems = problemsOf(orgId, scenario);
        if (problems.length) throw conflict(`Scenario “${scenario.name}” cannot run on this organization: ${problems.join('; ')}`);
        const runId = newId('scn');
        for (const { at, action } of scenario.steps) {
          const payload: ScenarioStepJob = { runId, scenarioId, at, action: resolved(orgId, action) };
          deps.jobs.schedule({ type: SCENARIO_STEP_JOB, orgId, payload, delayMs: at * 1000 });
        }
        return { runId, scenarioId, startedAt: deps.clock.nowIso(), durationSeconds: scenario.durationSeconds, steps: stepsOf(scenario) };
      });
    },
    /** Job: one step. A customer's or a phone's commits with its job, in a savepoint: a refused step leaves nothing behind. */
    step(payload: ScenarioStepJob, ctx: JobContext): void | Promise<void> {
      const orgId = ctx.orgId as string;
      const { action } = payload;
      if (action.kind === 'email') return sendEmail(orgId, action, ctx).then(() => undefined, (error: unknown) => skipped(payload, error));
      try {
        deps.db.savepoint(() => act(orgId, action));
      } catch (error) {
        skipped(payload, error);
      }
      return undefined;
    },
  };
}
export type SimScenarios = ReturnType<typeof createScenarios>;
