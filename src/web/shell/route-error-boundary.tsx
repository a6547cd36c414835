/**
 * Catches what a page throws while rendering or loading (a chunk that cannot be fetched after
 * the reload guard gave up, a flow file that fails to load) and shows the error page
 * 'Ha ocurrido un error' in its place. `resetKey` (the path) clears the error on navigation.
 */
import { Component, type ReactNode } from 'react';
import { ErrorView } from '../pages/error-page.tsx';

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('A page threw no error value.') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another page: forget the error of the previous one.
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error);
  }

  render(): ReactNode {
    return this.state.error ? <ErrorView notFound={false} /> : this.props.children;
  }
}
