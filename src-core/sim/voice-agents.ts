// The simulated phone network and the people agents call (INTERFACES.md fixtures), and a scripted stand-in for the
// agents' language model: deterministic, so a call replays the same after a restart.
import type { CallScene, DialPlan, VoiceCallPort } from '../domains/voice-agents/provider.ts';

const RING_AFTER_SECONDS = 2;
const TALK_SECONDS = 95;
const FIXTURES: Record<string, Omit<DialPlan, 'ringAfterSeconds' | 'hangsUpAfterSeconds'>> = {
  '+15005550004': { outcome: 'no_answer', ringsForSeconds: 30 },
  '+15005550005': { outcome: 'busy', ringsForSeconds: 1 },
  '+15005550006': { outcome: 'declined', ringsForSeconds: 6 },
  '+15005550007': { outcome: 'dial_failed', ringsForSeconds: 0 },
};

/** Who picks up, by the number's last digit: 0-4 agree and book, 5-7 hesitate, 8-9 are unhappy. */
type Persona = 'agreeable' | 'hesitant' | 'unhappy';
const personaOf = (phone: string): Persona => {
  const last = Number(phone.at(-1));
  return last <= 4 ? 'agreeable' : last <= 7 ? 'hesitant' : 'unhappy';
};
const LINES: Record<Persona, string[]> = {
  agreeable: ['Hello, yes, speaking.', 'Oh right. What do you need from me?', 'Yes, that is right, I confirm.', 'Yes please, go ahead and book it.', 'That is great, thank you so much!'],
  hesitant: ['Hello? Who is this?', 'Hmm, I am not sure about that.', 'Let me think about it and call you back.', 'Okay, bye for now.'],
  unhappy: ['Yes, what is it?', 'Honestly, I have had a bad experience with your service.', 'No, I do not want that. This is frustrating.', 'Please do not call me again.'],
};

const named = (scene: CallScene): string => (typeof scene.callContext.name === 'string' ? `, ${scene.callContext.name}` : '');
/** Who the agent said it was in its greeting ("this is Asha from Example Store"), said again when the person asks. */
const introduction = (scene: CallScene): string | null => {
  const greeting = scene.transcript.find((turn) => turn.role === 'agent')?.content ?? '';
  return /\bthis is ([^,.!?]+)/i.exec(greeting)?.[1]?.trim() ?? null;
};
/** What the greeting said the call is about ("calling about your order 1001"), if it did. */
const greetingTopic = (scene: CallScene): string | null => {
  const greeting = scene.transcript.find((turn) => turn.role === 'agent')?.content ?? '';
  return /\babout ([^,.!?]+)/i.exec(greeting)?.[1]?.trim() || null;
};
/** What the call is about: in the greeting's own words, else from the call's context. */
const topic = (scene: CallScene): string => {
  const said = greetingTopic(scene);
  if (said) return said;
  const about = scene.callContext.purpose ?? scene.callContext.topic ?? scene.callContext.orderNumber;
  return about === undefined ? 'your recent request' : typeof scene.callContext.orderNumber === 'string' && about === scene.callContext.orderNumber ? `order ${about}` : String(about);
};

export function createSimVoiceNetwork(): VoiceCallPort {
  return {
    dial(toNumber) {
      const fixture = FIXTURES[toNumber] ?? { outcome: 'answered', ringsForSeconds: 5 };
      return { ...fixture, ringAfterSeconds: RING_AFTER_SECONDS, hangsUpAfterSeconds: TALK_SECONDS };
    },
    calleeSays(scene) {
      const said = scene.transcript.filter((turn) => turn.role === 'user').length;
      return LINES[personaOf(scene.calledNumber)][said] ?? null;
    },
    agentSays(scene) {
      const last = [...scene.transcript].reverse().find((turn) => turn.role === 'user')?.content.toLowerCase() ?? '';
      if (last.includes('book')) return 'Done: I have booked it for you. You will get a confirmation message shortly.';
      if (last.includes('confirm')) return `Thank you for confirming${named(scene)}. Would you like me to book it for you now?`;
      if (last.includes('thank')) return 'You are welcome. Have a great day!';
      if (last.includes('what do you need')) return `I would like to check ${topic(scene)} with you. Is everything as you expected?`;
      if (last.includes('who is this')) {
        const who = introduction(scene);
        return who ? `Sorry, this is ${who}, calling about ${topic(scene)}.` : `This is the ${scene.agentName} assistant, calling about ${topic(scene)}.`;
      }
      if (last.includes('not call me')) return 'Understood, I will make a note of that. Goodbye.';
      if (last.includes('frustrating')) return 'I understand, and I am sorry for the trouble. I will not press it.';
      if (last.includes('bad experience')) return 'I am sorry to hear that. I will pass your feedback on to the team.';
      if (last.includes('think about')) return 'Of course. Call us back whenever it suits you.';
      if (last.includes('not sure')) return 'No problem, take your time. We can talk again whenever suits you.';
      if (last.includes('bye')) return 'Goodbye, and thank you for your time.';
      // The greeting already said what the call is about: the next line asks, rather than saying it again.
      const said = greetingTopic(scene);
      return said ? `Thanks for taking my call. Could you confirm a few details of ${said} for me?` : `I am calling about ${topic(scene)}. Could you confirm the details for me?`;
    },
  };
}
