// A socket for connectLive's tests: what the console listens to, the core's events emitted on it by the test.
export function fakeSocket() {
  const listeners = new Map<string, Array<(payload: unknown) => void>>();
  const socket = {
    on: (event: string, listener: (payload: unknown) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    emit: () => undefined,
    disconnect: () => undefined,
  };
  return { socket, send: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)) };
}
