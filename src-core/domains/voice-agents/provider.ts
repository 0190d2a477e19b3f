// The port to the outside world of agent calls: the phone network that places a call and the person who picks up,
// and the agent's language model that answers them. The simulated world implements it (sim/voice-agents.ts).
// Deterministic and synchronous: a call's durable steps ask it again after a restart and hear the same thing.

/** What the network does with a call: the phone answers, or the outcome the call ends with instead. */
export type DialOutcome = 'answered' | 'no_answer' | 'busy' | 'declined' | 'dial_failed';
export type DialPlan = {
  outcome: DialOutcome;
  /** Seconds from placing the call to the phone ringing (or, `dial_failed`, to the network giving up). */
  ringAfterSeconds: number;
  /** Seconds the phone rings before it is picked up, or the outcome is known. */
  ringsForSeconds: number;
  /** Answered: seconds of talk after which the person hangs up. */
  hangsUpAfterSeconds: number;
};
/** A call as the conversation sees it: whom the agent called, about what, and what was said so far. */
export type CallScene = {
  agentName: string; instructions: string; calledNumber: string; callContext: Record<string, string | number | boolean>;
  transcript: Array<{ role: 'agent' | 'user'; content: string }>;
};

export interface VoiceCallPort {
  dial(toNumber: string): DialPlan;
  /** What the person says next (after the agent's last words); null: nothing more, they wait to hang up. */
  calleeSays(scene: CallScene): string | null;
  /** The agent's answer to the person's last words. */
  agentSays(scene: CallScene): string;
}
