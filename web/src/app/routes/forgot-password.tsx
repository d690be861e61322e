import { Link } from 'react-router-dom';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card } from '@/ui/card';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <div className="auth-card">
      <div className="auth-card__heading">
        <h1 className="auth-card__title">Forgot password?</h1>
        <p className="auth-card__intro">Enter your login and we will e-mail you a link to choose a new password.</p>
      </div>
      <Card>
        <ForgotPasswordForm />
      </Card>
      <p className="auth-card__footer">
        Remembered it? <Link to="/">Back to sign in</Link>
      </p>
    </div>
  );
}
