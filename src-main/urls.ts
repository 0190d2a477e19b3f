// URL rules of the shell: what counts as the console's own origin and what may be opened externally.
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isSameOrigin(url: string, origin: string): boolean {
  return originOf(url) === origin;
}

/** Only http(s) leaves the app: no file:, javascript:, custom protocols or anything the OS might run. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
