// An email's HTML made safe to show in the handset viewer: a document for a frame sandboxed without scripts,
// with nothing in it that runs, loads from elsewhere or navigates; and the links it holds, to write out.

/** Nothing is fetched (images, styles, fonts, frames: the console stays offline and no tracker learns of a view). */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'";
/** A mailbox's plain look under the email's own styles. */
const BASE_STYLE = 'body { margin: 12px; font: 14px/1.5 system-ui, sans-serif; color: #1d2433; background: #fff; } img { max-width: 100%; }';
/** What could run, load or move the frame elsewhere: a script, another frame or object, a `<base>`, a refresh, a stylesheet. */
const REMOVED = 'script, noscript, iframe, frame, frameset, object, embed, applet, portal, base, meta, link';

/** Attributes that make a browser fetch what they name (an image, a poster, a background). */
const REMOTE = ['src', 'srcset', 'background', 'poster', 'lowsrc', 'dynsrc'];

export type EmailLink = { text: string; href: string };
export type EmailDocument = { srcDoc: string; links: EmailLink[]; images: number };

/**
 * Parsed with DOMParser, which runs no script and loads nothing; what could act is removed, so is every address an
 * element would fetch (an `img`'s `src`: images stay blank), every link is made to
 * open a new window (which the sandbox refuses without `allow-popups`: a click goes nowhere), and the document's
 * policy refuses every fetch. Belt and braces: the frame's `sandbox=""` already forbids scripts, forms and popups.
 */
export function emailDocument(html: string): EmailDocument {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll(REMOVED)) element.remove();
  // The policy below refuses these fetches, but Chromium's preload scanner can ask for an image before the frame's
  // policy applies (a tracker then learns of the view): nothing outside the document is named in it at all.
  for (const element of doc.querySelectorAll(REMOTE.map((attribute) => `[${attribute}]`).join(', '))) {
    for (const attribute of REMOTE) {
      if (!(element.getAttribute(attribute) ?? 'data:').trim().toLowerCase().startsWith('data:')) element.removeAttribute(attribute);
    }
  }
  for (const element of doc.querySelectorAll('[target], [formtarget]')) {
    element.removeAttribute('target');
    element.removeAttribute('formtarget');
  }
  const head = doc.head;
  const policy = doc.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = POLICY;
  const base = doc.createElement('base');
  base.target = '_blank';
  const style = doc.createElement('style');
  style.textContent = BASE_STYLE;
  head.prepend(policy, base, style);
  const links = [...doc.querySelectorAll('a[href], area[href]')].map((a) => ({ text: (a.textContent ?? '').replace(/\s+/g, ' ').trim(), href: a.getAttribute('href') ?? '' }));
  return { srcDoc: `<!doctype html>${doc.documentElement.outerHTML}`, links, images: doc.images.length };
}
