// Catches a page's render error, so one bad render shows its message with a way back instead of blanking the console.
import { Component, type ReactNode } from 'react';
import { ErrorState } from './states.tsx';

type Props = { children: ReactNode; backLabel: string; onBack(): void };

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    const back = () => {
      this.setState({ error: null });
      this.props.onBack();
    };
    return <div className="page padded" data-testid="page-crashed"><ErrorState error={this.state.error} action={{ label: this.props.backLabel, run: back }} /></div>;
  }
}
