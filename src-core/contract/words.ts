// Counts in the words of a message: "1 second", "2 seconds". Every message that names a count says it this way.

/** `n` and the noun, in the plural unless `n` is one: `plural(1, 'request')` → "1 request". */
export const plural = (n: number | bigint, one: string): string => `${n} ${one}${n === 1 || n === 1n ? '' : 's'}`;
