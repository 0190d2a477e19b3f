// A WhatsApp template's parts with the values typed so far, for a preview drawn by components/rich-message.tsx: the
// campaign builder's and the inbox's template reply. Each says how a placeholder shows (a value, a contact field, one
// still missing); the parts, the footer and a dynamic link's suffix are the same for both.
import type { ReactNode } from 'react';
import { httpLinkSchema, type WaTemplate } from '../../src-core/contract/index.ts';
import type { WaButtonView, WaHeaderView } from './rich-message.tsx';
import { segmentsOf, type TemplateValues } from './wa-template.ts';

/** How the header's and the body's placeholder `n` show; `mediaLink`: a media header's link, when one is typed. */
export type PlaceholderViews = { header(n: number): ReactNode; body(n: number): ReactNode; mediaLink?: string | undefined };

/** A placeholder still without a value, as every preview marks it. */
export const missing = (n: number): ReactNode => <mark className="missing">{`{{${n}}}`}</mark>;

function filled(text: string, view: (n: number) => ReactNode): ReactNode[] {
  return segmentsOf(text).map((part, i) => (typeof part === 'string' ? part : <span key={i}>{view(part)}</span>));
}

/**
 * A media header with the link typed: an IMAGE one shows its picture once the link is one a page may load (http or https,
 * the contract's rule for a link shown, httpLinkSchema); anything else (a link half typed, `javascript:`, `ftp:`) loads
 * nothing and shows the placeholder with the link as typed.
 */
function mediaHeader(format: 'IMAGE' | 'VIDEO' | 'DOCUMENT', link: string | undefined): WaHeaderView {
  const image = format === 'IMAGE' && link !== undefined && httpLinkSchema.safeParse(link).success ? link : undefined;
  return { media: format, link, image };
}

export function templatePreviewParts(template: WaTemplate, values: TemplateValues, views: PlaceholderViews) {
  let header: WaHeaderView | null = null;
  let body: ReactNode = null;
  let footer: string | null = null;
  let buttons: WaButtonView[] = [];
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      header = component.format === 'TEXT' ? { text: filled(component.text ?? '', views.header) } : mediaHeader(component.format, views.mediaLink);
    }
    if (component.type === 'BODY') body = filled(component.text, views.body);
    if (component.type === 'FOOTER') footer = component.text;
    // A dynamic link (its placeholder ends the URL) shows the suffix typed for it; until then its {{1}}.
    if (component.type === 'BUTTONS') {
      buttons = component.buttons.map((button, i) => {
        const suffix = values.buttons[i]?.trim();
        return button.type === 'URL' && suffix ? { ...button, url: button.url.replace(/\{\{\d+\}\}$/, () => suffix) } : button;
      });
    }
  }
  return { header, body, footer, buttons };
}
