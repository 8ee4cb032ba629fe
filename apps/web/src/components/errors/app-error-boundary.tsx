// The last line of defence around the whole page: a fault anywhere shows the error screen, not a blank page.
import { Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/sentry';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  reported: boolean;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reported: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ reported: reportError(error, { componentStack: info.componentStack }) });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Container component="main" size="md" py="xl">
        <ErrorScreen error={this.state.error} reported={this.state.reported} />
      </Container>
    );
  }
}
