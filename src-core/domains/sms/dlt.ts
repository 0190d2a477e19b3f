// DLT template matching: a message must be an approved template's body with each {#var#} filled.
/** Each {#var#} stands for 1 to 30 characters of one line, as the DLT scrubbers accept. */
export const VAR_MAX = 30;

export function dltPattern(body: string): RegExp {
  const parts = body.split('{#var#}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join(`[^\\n]{1,${VAR_MAX}}`)}$`);
}

export const matchesDlt = (body: string, message: string): boolean => dltPattern(body).test(message);
