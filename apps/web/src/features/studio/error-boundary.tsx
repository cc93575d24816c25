import { messages } from '@hfm/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shows 'Something went wrong.' instead of a part of the screen that failed to render. */
export class StudioErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Studio screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed)
      return (
        <p className="studio-error" role="alert">
          {messages.somethingWentWrong}
        </p>
      );
    return this.props.children;
  }
}
