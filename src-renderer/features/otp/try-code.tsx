// Try a widget from the console: send a code to a phone (a simulated handset receives it, shown here and in
// the simulator), resend it, and check what the customer would type: what an integrator's app does, without a key.
import { useState, type FormEvent } from 'react';
import { otpIdentifierSchema, type OtpSendResult, type OtpVerifyResult, type OtpWidget, type RetryOtpInput, type SendOtpInput, type VerifyOtpInput } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { useHandset } from '../simulator/queries.ts';
import { useOtpAction } from './mutations.ts';

/** What the simulated handset last received, and the code in it when it is one of ours. */
function HandsetPeek({ phone, onUse }: { phone: string; onUse(code: string): void }) {
  const handset = useHandset(phone.replace(/[^\d]/g, ''));
  const latest = handset.data?.data.at(-1);
  const code = latest ? /^(\d+) is your verification code/.exec(latest.text)?.[1] : undefined;
  return (
    <p className="small otp-try-handset" data-testid="otp-try-handset">
      <span className="muted">On the simulated handset: </span>
      {latest ? <q>{latest.text}</q> : <span className="muted">nothing yet</span>}
      {code ? <> <button type="button" className="link" onClick={() => onUse(code)} data-testid="otp-try-use-code">Use this code</button></> : null}
    </p>
  );
}

export function TryCode({ widgets }: { widgets: OtpWidget[] }) {
  const [widgetId, setWidgetId] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [request, setRequest] = useState<{ id: string; phone: string } | null>(null);
  const send = useOtpAction<SendOtpInput, OtpSendResult>('send');
  const retry = useOtpAction<RetryOtpInput, OtpSendResult>('retry');
  const verify = useOtpAction<VerifyOtpInput, OtpVerifyResult>('verify');
  const chosen = widgetId || widgets[0]?.id || '';

  function submitSend(event: FormEvent): void {
    event.preventDefault();
    // The previous request goes at once: its code, Verify and Resend must not stay under a send that fails.
    verify.reset();
    retry.reset();
    setRequest(null);
    setCode('');
    const identifier = phone.trim();
    // The send answers the request's id only; the number the core sent to and logged is the identifier as its schema
    // reads it (`9810012345` → `+9810012345`), so that is the number said, not what was typed.
    const used = otpIdentifierSchema.safeParse(identifier);
    send.mutate({ widgetId: chosen, identifier }, { onSuccess: (result) => setRequest({ id: result.requestId, phone: used.success ? used.data : identifier }) });
  }
  function submitVerify(event: FormEvent): void {
    event.preventDefault();
    if (request) verify.mutate({ requestId: request.id, otp: code.trim() });
  }

  return (
    <section className="card form otp-try" aria-label="Try a code" data-testid="otp-try">
      <h3>Try a code</h3>
      <p className="muted small">Sends a real code through the widget to a simulated handset, then checks what the customer types, as your app would.</p>
      <form className="form-row" onSubmit={submitSend}>
        <label className="field"><span>Widget</span>
          <select value={chosen} onChange={(e) => setWidgetId(e.target.value)} data-testid="otp-try-widget">
            {widgets.map((widget) => <option key={widget.id} value={widget.id}>{widget.name}</option>)}
          </select>
        </label>
        <label className="field grow"><span>Phone (international)</span>
          <input value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="+14155550123" inputMode="tel" data-testid="otp-try-phone" />
        </label>
        <div className="actions left"><button type="submit" className="button primary" disabled={!chosen || !phone.trim() || send.isPending} data-testid="otp-try-send">Send code</button></div>
      </form>
      {send.isError ? <ErrorState error={send.error} refused="Not sent" /> : null}
      {request ? (
        <form className="form-row" onSubmit={submitVerify}>
          <p className="muted small otp-try-sent" data-testid="otp-try-sent">Code sent to {request.phone} (request <code>{request.id}</code>).</p>
          <HandsetPeek phone={request.phone} onUse={setCode} />
          <label className="field"><span>Code</span>
            <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" data-testid="otp-try-code" />
          </label>
          <div className="actions left">
            <button type="submit" className="button primary" disabled={!code.trim() || verify.isPending} data-testid="otp-try-verify">Verify</button>
            <button type="button" className="button ghost" disabled={retry.isPending} onClick={() => { verify.reset(); retry.mutate({ requestId: request.id }); }} data-testid="otp-try-resend">Resend</button>
          </div>
        </form>
      ) : null}
      {retry.isSuccess ? <p className="small" role="status">A new code is on its way; the previous one no longer works.</p> : null}
      {retry.isError ? <ErrorState error={retry.error} refused="Not resent" /> : null}
      {verify.isSuccess ? <p className="otp-try-ok" role="status" data-testid="otp-try-verified">Verified. Your app would now hold a single-use token (<code>{verify.data.accessToken.slice(0, 16)}…</code>).</p> : null}
      {/* A wrong code is said where a right one is, on one line: the customer types again. */}
      {verify.isError ? <p className="otp-try-refused" role="alert" data-testid="otp-try-refused">Not verified: {verify.error.message}</p> : null}
    </section>
  );
}
