// The limits a JSON body gets beyond JSON.parse: depth and well-formed text.
import { describe, expect, it } from 'vitest';
import { jsonBodyProblem, MAX_JSON_DEPTH } from './json-body.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('JSON body limits', () => {
  it('takes ordinary bodies, emoji and scripts of every kind', () => {
    expect(jsonBodyProblem({ to: '+14155550101', template: { components: [{ type: 'body', parameters: [{ type: 'text', text: 'Olá 😀 مرحبا 你好' }] }] } })).toBeNull();
    expect(jsonBodyProblem([1, null, true, 'x'])).toBeNull();
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH))).toBeNull();
  });
  it('refuses a body nested deeper than the limit, however deep, without overflowing the stack', () => {
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH + 1))).toBe(`Invalid body: nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(jsonBodyProblem(JSON.parse(`${'['.repeat(300_000)}${']'.repeat(300_000)}`))).toMatch(/nested deeper/);
  });
  it('refuses an unpaired surrogate in a value or a key, and keeps a paired one', () => {
    expect(jsonBodyProblem(JSON.parse('{"name":"\\ud800x"}'))).toMatch(/unpaired UTF-16 surrogate/);
    expect(jsonBodyProblem(JSON.parse('{"name":"x\\udc00"}'))).toMatch(/unpaired/);
    expect(jsonBodyProblem(JSON.parse('{"\\ud800":1}'))).toMatch(/unpaired/);
    expect(jsonBodyProblem(JSON.parse('{"name":"\\ud83d\\ude00"}'))).toBeNull();
  });
  it('refuses the keys that reach a prototype, at any depth, and keeps ordinary keys of those names', () => {
    expect(jsonBodyProblem(JSON.parse('{"a":[{"__proto__":{"polluted":1}}]}'))).toBe('Invalid body: the key "__proto__" is not allowed');
    expect(jsonBodyProblem(JSON.parse('{"constructor":{"prototype":{}}}'))).toBe('Invalid body: the key "constructor" holding "prototype" is not allowed');
    expect(jsonBodyProblem(JSON.parse('{"rcsVariables":{"constructor":"x","prototype":"y"}}'))).toBeNull();
  });
  it('refuses a number too large for a double (read as infinity), at any depth, and keeps the largest one that fits', () => {
    expect(jsonBodyProblem(JSON.parse('{"a":[{"n":1e400}]}'))).toMatch(/number is too large/);
    expect(jsonBodyProblem(JSON.parse('-1e400'))).toMatch(/number is too large/);
    expect(jsonBodyProblem(JSON.parse('{"n":1.7976931348623157e308,"m":-5e-324}'))).toBeNull();
  });
});
