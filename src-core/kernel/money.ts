// Money is integer paise everywhere; these helpers keep it that way.
import { AppError } from './errors.ts';

export type Paise = number;

export function assertPaise(value: number, what = 'amount'): Paise {
  if (!Number.isSafeInteger(value)) throw new AppError('VALIDATION_FAILED', `${what} must be a whole number of paise`);
  return value;
}
