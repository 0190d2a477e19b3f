// The frame an integration's connection shares (Instagram, Shopify): what is connected, with Disconnect (its routes
// answer 404 until it is connected again), beside the form that connects one, or another instead.
import type { FormEvent, ReactNode } from 'react';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';

type Query = { isPending: boolean; isError: boolean; error: unknown };
type Mutation = Query & { mutate(): void };

type Props = {
  /** The test ids' prefix (`instagram` → instagram-connection, instagram-disconnect, …). */
  id: string;
  /** "Instagram account", "Shopify store": the card's title, and what "Connect a…" names. */
  title: string; thing: string;
  /** What its routes answer while nothing is connected (after "Not connected: "). */
  notConnected: string; disconnectQuestion: string;
  state: Query; connected: ReactNode | null;
  disconnect: Mutation; connect: Query & { isPending: boolean }; onSubmit(event: FormEvent): void; canSubmit: boolean;
  /** The connect form's fields, and a hint under them. */
  fields: ReactNode; hint?: ReactNode;
};

export function IntegrationCards({ id, title, thing, notConnected, disconnectQuestion, state, connected, disconnect, connect, onSubmit, canSubmit, fields, hint }: Props) {
  return (
    <div className="grid-2">
      <section className="card form" data-testid={`${id}-connection`}>
        <h2 className="card-title">{title}</h2>
        {state.isPending ? <Loading /> : state.isError ? <ErrorState error={state.error} /> : connected ? (
          <>
            {connected}
            <div className="actions left">
              <ConfirmButton label="Disconnect" question={disconnectQuestion} confirmLabel="Disconnect"
                className="button ghost" disabled={disconnect.isPending} onConfirm={() => disconnect.mutate()} testId={`${id}-disconnect`} />
            </div>
          </>
        ) : <p className="muted small hint" data-testid={`${id}-disconnected`}>Not connected: {notConnected}</p>}
        {disconnect.isError ? <ErrorState error={disconnect.error} /> : null}
      </section>
      <form className="card form" onSubmit={onSubmit} data-testid={`${id}-connect-form`}>
        <h2 className="card-title">{connected ? `Connect another ${thing} instead` : `Connect ${/^[aeiou]/.test(thing) ? 'an' : 'a'} ${thing}`}</h2>
        <div className="form-row">{fields}</div>
        {hint}
        {connect.isError ? <ErrorState error={connect.error} /> : null}
        <div className="actions left"><button type="submit" className="button primary" disabled={connect.isPending || !canSubmit} data-testid={`${id}-connect`}>Connect</button></div>
      </form>
    </div>
  );
}
