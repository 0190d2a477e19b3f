// The types of range-parser (the package ships none): only what kernel/byte-ranges.ts calls.
declare module 'range-parser' {
  type Ranges = Array<{ start: number; end: number }> & { type: string };
  /** The ranges a Range header asks of `size` bytes (each `end` inclusive); -1 when none is satisfiable, -2 when malformed. */
  function rangeParser(size: number, header: string, options?: { combine?: boolean }): Ranges | -1 | -2;
  export = rangeParser;
}
