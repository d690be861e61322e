import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ButtonLink } from '@/ui/button';
import { Card } from '@/ui/card';
import './route-error.css';

/** A page that failed to render (or to load) shows this screen with the status and the message (docs/rules.md, Notices). */
function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Error');
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.';
  return (
    <div className="error-screen">
      <Card className="error-screen__card">
        <h1 className="page-title">Unexpected Application Error!</h1>
        <p className="error-screen__status">500</p>
        <p>{message || 'Something went wrong.'}</p>
        <ButtonLink to="/dashboard" variant="secondary">
          Go to the Dashboard
        </ButtonLink>
      </Card>
    </div>
  );
}

interface BoundaryState {
  error?: unknown;
  /** The path shown: going elsewhere shows the pages again. */
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname };

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? 'Something went wrong.' };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Catches what its routes throw, as a data router's errorElement did, until the user goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
