// An email address or domain as the console shows it: an internationalized domain in its own script (`kai@bücher.de`),
// not in the A-labels the core stores, sends and answers (`kai@xn--bcher-kva.de`, contract asciiEmailDomain); what is
// kept and sent stays the stored form. Every place the console shows an address goes through here.
import { toUnicode } from 'punycode/punycode.es6.js';
import { asciiDomain } from '../../src-core/contract/index.ts';

const A_LABEL = /(?:^|\.)xn--/i;
/** Scripts whose letters pass for one another (`а` Cyrillic, `a` Latin, `α` Greek): a label mixing them is a look-alike. */
const CONFUSABLE = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Cyrillic letters drawn as Latin ones: a label of only these (`аррӏе`) reads as a Latin word (Chromium's list, in part). */
const LATIN_LOOK_ALIKES = /^[асԁеһіјӏорԛѕԝхуъьҽпгѵѡ]+$/u;

/**
 * A label that could pass for another domain's: one mixing Latin, Cyrillic or Greek letters (`pаypal`, its `а`
 * Cyrillic), or one of Cyrillic letters that all look Latin (`аррӏе`) under a top-level domain that is not Cyrillic.
 */
const looksLikeAnother = (label: string, topLevel: string) => CONFUSABLE.filter((script) => script.test(label)).length > 1
  || (LATIN_LOOK_ALIKES.test(label) && !/\p{Script=Cyrillic}/u.test(topLevel));

/**
 * A domain with its A-labels decoded (`xn--bcher-kva.de` → `bücher.de`). Kept as stored when the decoded form is not
 * the one the browser's UTS #46 maps back to it (a malformed A-label), or when a label could pass for another domain's
 * (`looksLikeAnother`), as browsers keep such a host in A-labels in the address bar: the stored form shows what it is.
 */
export function displayDomain(domain: string): string {
  if (!A_LABEL.test(domain)) return domain;
  let unicode: string;
  try {
    unicode = toUnicode(domain.toLowerCase());
  } catch {
    return domain;
  }
  const labels = unicode.split('.');
  const topLevel = labels.at(-1) ?? '';
  return asciiDomain(unicode) !== domain.toLowerCase() || labels.some((label) => looksLikeAnother(label, topLevel)) ? domain : unicode;
}

/** An email address with its domain as `displayDomain` shows it; anything else (a phone, a handle) as given. */
export function displayAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? address : `${address.slice(0, at + 1)}${displayDomain(address.slice(at + 1))}`;
}
