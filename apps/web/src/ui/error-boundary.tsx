import { messages } from '@hfm/shared';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';
import './error-boundary.css';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Named in the console when it fails, e.g. 'studio' or 'songs tab'. */
  name: string;
}

/**
 * Shows 'Something went wrong.' with 'Try again' in place of a part of the app that failed to render, so
 * one broken screen never blanks an area. Used once per area and once per screen (route or tab).
 * Trying again resets the failed queries' errors (React Query's QueryErrorResetBoundary) and renders the
 * part anew; a part whose code could not be downloaded reloads the page instead.
 */
export function ErrorBoundary({ children, name }: ErrorBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CatchErrors name={name} onRetry={reset}>
          {children}
        </CatchErrors>
      )}
    </QueryErrorResetBoundary>
  );
}

interface CatchErrorsProps extends ErrorBoundaryProps {
  onRetry: () => void;
}

class CatchErrors extends Component<CatchErrorsProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.name} failed`, error, info.componentStack);
  }

  retry = () => {
    if (isChunkLoadError(this.state.error)) return window.location.reload();
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-boundary" role="alert">
        <p>{messages.somethingWentWrong}</p>
        <Button variant="secondary" onClick={this.retry}>
          Try again
        </Button>
      </div>
    );
  }
}

/** A lazily loaded part whose file could not be fetched (e.g. after a new release replaced it). */
function isChunkLoadError(error: Error | null): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error?.message ?? '',
  );
}
