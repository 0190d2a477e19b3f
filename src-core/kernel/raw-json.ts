// An answer already serialized as JSON (read-optimized lists build it without an object per row).
export class RawJson {
  constructor(readonly text: string) {}
}
