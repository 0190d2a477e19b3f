// A copy-to-clipboard button for a secret shown once (an API key, a webhook signing secret): says when
// it copied, and when the browser refused the clipboard, how to copy by hand.
import { useEffect, useRef, useState } from 'react';
import { announce } from '../stores/announcer.ts';

/**
 * `focus`: take the keyboard focus when shown (a secret shown once, where copying it is the next thing to do).
 * `of`: what the copied text belongs to, where several Copy buttons share a page (named "Copy widget id of Login").
 * `spelledOut`: the button reads its whole name ("Copy URL of the REST API base"), where Copy buttons stand side by side
 * with nothing else to tell them apart by sight.
 */
export function CopyButton({ text, what, of, testId, focus = false, spelledOut = false }: {
  text: string; what: string; of?: string; testId?: string; focus?: boolean; spelledOut?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  const [copy, setCopy] = useState<{ for: string; state: 'copied' | 'failed' } | null>(null);
  const state = copy?.for === text ? copy.state : null;
  const done = (next: 'copied' | 'failed') => {
    setCopy({ for: text, state: next });
    // The label's change to "Copied ✓" is not read out; a refusal is (its message is an alert).
    if (next === 'copied') announce(`${what.charAt(0).toUpperCase()}${what.slice(1)} copied.`);
  };
  const onCopy = () => {
    if (!navigator.clipboard) return done('failed');
    navigator.clipboard.writeText(text).then(() => done('copied'), () => done('failed'));
  };
  const name = of ? `${state === 'copied' ? 'Copied' : 'Copy'} ${what} of ${of}` : undefined;
  const shown = spelledOut && name ? name : state === 'copied' ? 'Copied ✓' : 'Copy';
  return (
    <>
      <button ref={button} type="button" className="button" onClick={onCopy} data-testid={testId}
        aria-label={spelledOut ? undefined : name}>{shown}</button>
      {state === 'failed' ? <span className="field-error" role="alert">The browser refused the clipboard: select the {what} and copy it by hand.</span> : null}
    </>
  );
}
