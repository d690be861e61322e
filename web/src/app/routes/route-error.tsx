import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ButtonLink } from '@/ui/button';
import { Card } from '@/ui/card';
import './route-error.css';

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const detail = typeof data === 'string' ? data : error.statusText;
    return { status: error.status, message: detail || 'Something went wrong.' };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: typeof error === 'string' ? error : 'Something went wrong.' };
}

/** A routing failure shows this screen with the status and the message (docs/rules.md, Notices). */
export function RouteErrorPage() {
  useDocumentTitle('Error');
  const { status, message } = describe(useRouteError());
  return (
    <div className="error-screen">
      <Card className="error-screen__card">
        <h1 className="page-title">Unexpected Application Error!</h1>
        <p className="error-screen__status">{status}</p>
        <p>{message}</p>
        <ButtonLink to="/dashboard" variant="secondary">
          Go to the Dashboard
        </ButtonLink>
      </Card>
    </div>
  );
}
