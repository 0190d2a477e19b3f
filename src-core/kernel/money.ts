// Money is integer paise everywhere; these helpers keep it that way.
import { invalidField } from './errors.ts';

export type Paise = number;

export function assertPaise(value: number, what = 'amount'): Paise {
  if (!Number.isSafeInteger(value)) throw invalidField(`${what} must be a whole number of paise`);
  return value;
}
