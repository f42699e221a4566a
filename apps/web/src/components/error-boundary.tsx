import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The boundary clears itself when this changes (each layout passes the pathname). */
  resetKey?: unknown;
  fallback?: (error: unknown, retry: () => void) => ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/**
 * One per layout, around the screen: a screen that throws (or whose code fails to download) shows
 * the error state with a retry button inside the layout, so the header and navigation stay usable.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, hasError: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = () => this.setState({ error: null, hasError: false });

  override render() {
    if (!this.state.hasError) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error, this.retry) : <ErrorState error={this.state.error} onRetry={this.retry} />;
  }
}
