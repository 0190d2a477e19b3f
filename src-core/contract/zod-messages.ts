// The words of a validation error where a schema gives none of its own: plain English an integrator can
// act on ("must not be empty", "must be one of: test, live") instead of the validator's defaults ("Too
// small: expected string to have >=1 characters"). A schema's own message always wins over these.
import { z } from 'zod';

const plural = (n: number | bigint, one: string): string => `${n} ${one}${n === 1 || n === 1n ? '' : 's'}`;
const typeName = (input: unknown): string => (input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'an object' : `a ${typeof input}`);
const EXPECTED: Record<string, string> = { object: 'an object', array: 'a list', string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false' };
const FORMATS: Record<string, string> = {
  email: 'an email address', url: 'a URL', datetime: 'an ISO 8601 date-time', date: 'a date YYYY-MM-DD', ipv4: 'an IPv4 address', ipv6: 'an IPv6 address', uuid: 'a UUID',
};

function message(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      // A number that is not whole: "must be a whole number, not a number" would read as a riddle.
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'must be a whole number';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${typeName(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${plural(issue.minimum, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${plural(issue.minimum, 'item')}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plural(issue.maximum, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `holds at most ${plural(issue.maximum, 'item')}`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      if (issue.input === undefined) return `is required: one of ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : 'is not in the expected format';
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      // A missing field is not a value that matches no form: say it is missing.
      return issue.input === undefined ? 'is required' : 'does not match any accepted form';
    default:
      return undefined;
  }
}

z.config({ customError: message });
