// The phone leg of a call to a person rung on their phone (an identity with a phone and no device that can ring):
// its number is sealed on the call (kernel/sealed.ts, bound to the organization and the call) and opened only to dial
// it and to name it, masked, on the bill. Everywhere else the call shows the person.
import { maskPhone } from '../../contract/voice-identities.ts';
import { seal, unseal } from '../../kernel/sealed.ts';
import type { AppCallRow } from './voice-app.store.ts';

type Leg = Pick<AppCallRow, 'org_id' | 'id' | 'to_party' | 'callee_transport' | 'callee_phone_sealed'>;

export function createPhoneLegs(key: Buffer) {
  const boundTo = (row: Pick<AppCallRow, 'org_id' | 'id'>): string => `${row.org_id}/${row.id}`;
  /** The number the phone network rings for the callee: the person's phone, sealed on the call, or the number called. */
  const calleeNumber = (row: Leg): string => (row.callee_phone_sealed ? unseal(key, row.callee_phone_sealed, boundTo(row)) : row.to_party);
  return {
    /** The call with `phone` sealed as its phone leg's number. */
    withPhone: <T extends AppCallRow>(row: T, phone: string): T => ({ ...row, callee_phone_sealed: seal(key, phone, boundTo(row)) }),
    calleeNumber,
    /** How the bill names the callee's phone side: masked, with the person rung on it when there is one. */
    calleeBilled: (row: Leg): string => (row.callee_phone_sealed ? `${maskPhone(calleeNumber(row))} (${row.to_party})` : maskPhone(row.to_party)),
  };
}
export type PhoneLegs = ReturnType<typeof createPhoneLegs>;
