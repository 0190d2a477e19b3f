// Limits on a JSON body that JSON.parse does not impose: how deep it nests (a 100,000-level object parses,
// then overflows the stack of whatever walks it: validation, hashing, storing), text that UTF-8 cannot
// hold (an unpaired surrogate such as "\uD800", stored as U+FFFD: not what was sent), the NUL character
// (no text the contract takes holds one; SQLite ends a string at it) and the keys that reach an object's
// prototype (`__proto__`, `constructor.prototype`: a copy or merge of the body could pollute every object).

export const MAX_JSON_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a parsed body, or null. Walks it without recursion. */
export function jsonBodyProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `Invalid body: nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(item)) {
      for (const element of item) stack.push({ value: element, depth: depth + 1 });
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      const problem = textProblem(key) ?? prototypeKeyProblem(key, element);
      if (problem) return problem;
      stack.push({ value: element, depth: depth + 1 });
    }
  }
  return null;
}

/** A key no body of the contract uses and that would reach a prototype if the body were merged into an object. */
function prototypeKeyProblem(key: string, value: unknown): string | null {
  if (key === '__proto__') return 'Invalid body: the key "__proto__" is not allowed';
  const reachesPrototype = key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
  return reachesPrototype ? 'Invalid body: the key "constructor" holding "prototype" is not allowed' : null;
}

const UNPAIRED = 'Invalid body: a text holds an unpaired UTF-16 surrogate (a lone \\uD800-\\uDFFF escape), which is not a character';
const NUL = 'Invalid body: a text holds a NUL character (\\u0000)';
const textProblem = (text: string): string | null => (LONE_SURROGATE.test(text) ? UNPAIRED : text.includes('\u0000') ? NUL : null);
