import { Link, useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';
import { Card } from '@/ui/card';
import { lifetimeText, resetLinkLifetimeMs, welcomeLinkLifetimeMs } from '#domain/auth/password-reset.ts';

/** Opened from the mailed link: #/reset-password?token=… */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="auth-card">
      <div className="auth-card__heading">
        <h1 className="auth-card__title">Choose a new password</h1>
        <p className="auth-card__intro">
          The link in your e-mail works once, within the time the mail says: {lifetimeText(resetLinkLifetimeMs)} after a
          reset was asked for, {lifetimeText(welcomeLinkLifetimeMs)} for a new account.
        </p>
      </div>
      <Card>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert status="error">
            This link has no reset token. Open the link from the e-mail again, or{' '}
            <Link to="/forgot-password">ask for a new one</Link>.
          </Alert>
        )}
      </Card>
      <p className="auth-card__footer">
        <Link to="/">Back to sign in</Link>
      </p>
    </div>
  );
}
