// A WhatsApp template message and an RCS card as the customer's phone shows them: header (text, or the kind of
// media), body, footer and the buttons or suggestions. The campaign builder's previews fill them from a template
// and the values typed; the inbox from the message as sent. Buttons are labels, not controls: the console cannot
// press them (a screen reader hears each kind, and a link's or a call's destination is written out).
import { useState, type ReactNode } from 'react';
import type { WaTemplateContent } from '../../src-core/contract/index.ts';

/**
 * A header of text (the builder's may hold marks), or of media: its kind, and the link the message carried; `image`:
 * a picture to show in its place (a preview's IMAGE header whose link is an http(s) one), else its kind and link show.
 */
export type WaHeaderView = { text: ReactNode } | { media: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; link?: string | undefined; image?: string | undefined };
/** A template button as the contract answers it (a dynamic URL filled in, or still showing its `{{1}}`). */
export type WaButtonView = { type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER'; text: string; url?: string | null | undefined; phone_number?: string | undefined };
/** An RCS suggestion chip as the contract has it. */
export type RcsSuggestionView = { type: 'reply'; text: string } | { type: 'url'; text: string; url: string } | { type: 'dial'; text: string; phone: string };

/** The header of a template message as sent (`content.header`, or a handset's `payload.header`). */
export const waHeaderOf = (header: WaTemplateContent['header']): WaHeaderView | null =>
  (!header ? null : header.format === 'TEXT' ? { text: header.text } : { media: header.format, link: header.link });

const BUTTON: Record<WaButtonView['type'], { icon: string; kind: string }> = {
  URL: { icon: '↗', kind: 'Link' }, QUICK_REPLY: { icon: '↩', kind: 'Quick reply' }, PHONE_NUMBER: { icon: '☎', kind: 'Call' },
};
const SUGGESTION: Record<RcsSuggestionView['type'], { icon: string; kind: string }> = {
  url: { icon: '↗', kind: 'Link' }, reply: { icon: '↩', kind: 'Reply' }, dial: { icon: '☎', kind: 'Call' },
};

/**
 * A media header or card image: its kind and its link when known (a message as sent loads no file: the console stays
 * offline). `data-image` says where a picture stands: none asked for, loading, loaded, or failed.
 */
function Media({ kind, link }: { kind: string; link?: string | null | undefined }) {
  return (
    <div className="preview-media" data-testid="message-media" data-image="none">
      <span>{kind}</span>
      {link ? <span className="preview-media-link">{link}</span> : null}
    </div>
  );
}

/**
 * A preview's picture (`src`, an http(s) link): the placeholder (its kind and link) stays while it loads and comes back
 * if it cannot be had, so a link still being typed or gone never shows a broken picture. Keyed by `src` where used.
 */
function MediaImage({ kind, src }: { kind: string; src: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const alt = kind.charAt(0).toUpperCase() + kind.slice(1);
  return (
    <div className={state === 'loaded' ? 'preview-media preview-media-image' : 'preview-media'} data-testid="message-media" data-image={state}>
      {state === 'failed' ? null
        : <img src={src} alt={alt} hidden={state !== 'loaded'} onLoad={() => setState('loaded')} onError={() => setState('failed')} />}
      {state === 'loaded' ? null : <><span>{kind}</span><span className="preview-media-link">{src}</span></>}
    </div>
  );
}

/** One button or chip: its icon (not read), its kind for a screen reader, its text, and where it goes. */
function Label({ icon, kind, text, to }: { icon: string; kind: string; text: string; to: string | null | undefined }) {
  return (
    <>
      <span aria-hidden>{icon} </span><span className="visually-hidden">{kind}: </span>{text}
      {to ? <>{' '}<span className="visually-hidden">goes to</span> <span className="preview-button-to" data-testid="button-to">{to}</span></> : null}
    </>
  );
}

/** Header, body and footer of a template message, in the phone's order; the bubble around them is the caller's. */
export function WaTemplateParts({ header, body, footer }: { header: WaHeaderView | null; body: ReactNode; footer: string | null | undefined }) {
  return (
    <>
      {header && 'text' in header ? <div className="preview-header" data-testid="message-header">{header.text}</div> : null}
      {header && 'media' in header ? (header.image
        ? <MediaImage key={header.image} kind={`${header.media.toLowerCase()} header`} src={header.image} />
        : <Media kind={`${header.media.toLowerCase()} header`} link={header.link} />) : null}
      <p className="preview-body" data-testid="preview-body">{body}</p>
      {footer ? <div className="preview-footer" data-testid="message-footer">{footer}</div> : null}
    </>
  );
}

/** A message's buttons or chips, as a list of labels (`name`: what the list is heard as). */
function LabelList({ name, className, itemClass, labels }: {
  name: string; className: string; itemClass: string;
  labels: Array<{ type: string; kind: { icon: string; kind: string }; text: string; to: string | null | undefined }>;
}) {
  if (labels.length === 0) return null;
  return (
    <ul className={className} aria-label={name} data-testid="message-buttons">
      {labels.map(({ type, kind, text, to }, i) => (
        <li key={i} className={itemClass} data-testid="message-button" data-type={type}>
          <Label {...kind} text={text} to={to} />
        </li>
      ))}
    </ul>
  );
}

/** A template's buttons under its message, as a list of labels. */
export function WaButtons({ buttons }: { buttons: WaButtonView[] }) {
  const labels = buttons.map((b) => ({ type: b.type, kind: BUTTON[b.type], text: b.text, to: b.type === 'URL' ? b.url : b.type === 'PHONE_NUMBER' ? b.phone_number : null }));
  return <LabelList name="Buttons" className="preview-buttons" itemClass="preview-button" labels={labels} />;
}

/** An RCS rich card's parts (image, title, text) or a text message's; the bubble around them is the caller's. */
export function RcsCardParts({ title, text, imageUrl }: { title: ReactNode; text: ReactNode; imageUrl: string | null }) {
  return (
    <>
      {imageUrl ? <Media kind="image" link={imageUrl} /> : null}
      {title ? <div className="preview-header" data-testid="message-header">{title}</div> : null}
      <p className="preview-body" data-testid="preview-body">{text}</p>
    </>
  );
}

/** An RCS message's suggestion chips, as a list of labels. */
export function RcsSuggestions({ suggestions }: { suggestions: RcsSuggestionView[] }) {
  const labels = suggestions.map((s) => ({ type: s.type, kind: SUGGESTION[s.type], text: s.text, to: s.type === 'url' ? s.url : s.type === 'dial' ? s.phone : null }));
  return <LabelList name="Suggestions" className="rcs-chips" itemClass="rcs-chip" labels={labels} />;
}
