// Avatar initials are white on a colour picked from the name: every hue is deep enough for them to read at 4.5:1; a
// contact known only by a number gets a neutral mark, not digits that read as initials.
import { describe, expect, it } from 'vitest';
import { AIM, avatarColor, avatarInitials, avatarLightness, hueOf, NUMBER_MARK, whiteContrast } from './avatar-color.ts';

describe('avatarColor', () => {
  it('gives white initials at least 4.5:1 on every hue, no darker than it must', () => {
    for (let hue = 0; hue < 360; hue++) {
      const lightness = avatarLightness(hue);
      expect(whiteContrast(hue, lightness)).toBeGreaterThanOrEqual(4.5);
      expect(whiteContrast(hue, lightness)).toBeGreaterThanOrEqual(AIM);
      if (lightness < 46) expect(whiteContrast(hue, lightness + 1)).toBeLessThan(AIM);
    }
  });

  it('matches the contrast the audit measured in the browser, so the check is the one WCAG makes', () => {
    // hsl(57 55% 46%) painted as #b6af35: white on it measured 2.28:1; blue hsl(199 55% 46%) #3596b6: 3.39:1.
    expect(whiteContrast(57, 46)).toBeCloseTo(2.28, 1);
    expect(whiteContrast(195, 46)).toBeCloseTo(3.39, 1);
  });

  it('keeps one colour per name', () => {
    expect(avatarColor('Alice Johnson')).toBe(avatarColor('Alice Johnson'));
    expect(avatarColor('Alice Johnson')).toBe(`hsl(${hueOf('Alice Johnson')} 55% ${avatarLightness(hueOf('Alice Johnson'))}%)`);
  });
});

describe('avatarInitials', () => {
  it('gives a name its initials, two at most, and "?" when there are none', () => {
    expect(avatarInitials('Alice Johnson')).toBe('AJ');
    expect(avatarInitials('maya@example.com')).toBe('ME');
    expect(avatarInitials('José ángel pérez')).toBe('JÁ');
    expect(avatarInitials('R2 D2')).toBe('RD');
    expect(avatarInitials('—')).toBe('?');
  });

  it('marks a contact known only by a number with "#", never its digits', () => {
    for (const number of ['+14155550123', '+1 (415) 555-0102', '17841400000000023', '555.0102']) expect(avatarInitials(number)).toBe(NUMBER_MARK);
    expect(NUMBER_MARK).toBe('#');
    expect(avatarInitials('+')).toBe('?');
  });
});
