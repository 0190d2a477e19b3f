// The types of the userland Punycode.js's ES module (the package ships none; @types/node's `punycode` is node's
// deprecated built-in of the same name, which the console does not use): only what the console calls.
declare module 'punycode/punycode.es6.js' {
  /** A domain or address with each `xn--` label decoded to Unicode; any other label as given. */
  export function toUnicode(input: string): string;
}
