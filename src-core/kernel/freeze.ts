// Values shared by reference (event data, cached rows) are frozen under test, so code that changes one
// after handing it over fails loudly there instead of corrupting what others read. Free in production.
const FREEZE = Boolean(process.env.VITEST);

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

export function freezeUnderTest<T>(value: T): T {
  if (FREEZE) deepFreeze(value);
  return value;
}
