// An avatar's look: its initials, and its colour, a hue picked from the name, as dark as it must be for its white
// initials to read at 4.5:1 or more (WCAG AA), whatever the hue (yellows and greens need a deeper shade than blues).
const SATURATION = 55;
const LIGHTEST = 46;
/** What the initials get against their background: WCAG's 4.5:1, and a little over, so that the browser rounding
 *  the colour its own way cannot tip it under. */
export const AIM = 4.6;

/** The sRGB channels (0–1) of `hsl(hue saturation% lightness%)`. */
function rgbOf(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

/** WCAG's relative luminance, from channels rounded to 8 bits as the browser paints them. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = Math.round(c * 255) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast of white text on `hsl(hue saturation% lightness%)`. */
export const whiteContrast = (hue: number, lightness: number): number => 1.05 / (luminance(rgbOf(hue, SATURATION, lightness)) + 0.05);

/** The hue a name gets (the same name, the same colour). */
export function hueOf(name: string): number {
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return hue;
}

/** The lightest shade of `hue`, one percent at a time from 46%, on which white reads at `AIM`. */
export function avatarLightness(hue: number): number {
  let lightness = LIGHTEST;
  while (whiteContrast(hue, lightness) < AIM) lightness -= 1;
  return lightness;
}

export const avatarColor = (name: string): string => {
  const hue = hueOf(name);
  return `hsl(${hue} ${SATURATION}% ${avatarLightness(hue)}%)`;
};

/** What marks a contact known only by a number (a phone, an Instagram id): its digits would read as initials ("23"). */
export const NUMBER_MARK = '#';

/** A name's initials (two at most, "?" with none); a bare number (digits, "+", spaces, brackets, dashes) gets `NUMBER_MARK`. */
export function avatarInitials(name: string): string {
  if (/^[+\d\s().-]+$/.test(name) && /\d/.test(name)) return NUMBER_MARK;
  return name.split(/[\s._@-]+/).map((part) => /[\p{L}\p{N}]/u.exec(part)?.[0]?.toUpperCase()).filter(Boolean).slice(0, 2).join('') || '?';
}
