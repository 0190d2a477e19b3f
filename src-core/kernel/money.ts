// Money is integer paise everywhere; these helpers keep it that way.
import { AppError } from './errors.ts';

export type Paise = number;

export function assertPaise(value: number, what = 'amount'): Paise {
  if (!Number.isSafeInteger(value)) throw new AppError('BAD_REQUEST', `${what} must be a whole number of paise`);
  return value;
}

/** `12345` → `"₹123.45"`, `150050` → `"₹1,500.50"` (Indian grouping, as the console writes money); negative amounts keep their sign. */
export function formatPaise(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}₹${Math.floor(abs / 100).toLocaleString('en-IN')}.${String(abs % 100).padStart(2, '0')}`;
}
