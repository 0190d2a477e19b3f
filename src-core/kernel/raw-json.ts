// An answer already serialized as JSON (read-optimized lists build it without an object per row), as text or
// as the UTF-8 bytes sent (a cached page: sent again without being joined and encoded again).
export class RawJson {
  constructor(readonly text: string | Buffer) {}
}
