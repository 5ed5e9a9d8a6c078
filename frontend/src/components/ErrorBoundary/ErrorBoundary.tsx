import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of a subtree that threw while rendering. */
  fallback: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches render errors below it (for example a page chunk that no longer exists after a deploy)
 * and shows `fallback` instead of a blank page. Give it a `key` that changes on navigation so the
 * next page gets a fresh start.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
