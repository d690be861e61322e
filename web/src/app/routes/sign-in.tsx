import { Link } from 'react-router-dom';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card } from '@/ui/card';

export function SignInPage() {
  useDocumentTitle('Sign in');
  return (
    <div className="auth-card">
      <div className="auth-card__heading">
        <h1 className="auth-card__title">Sign in</h1>
        <p className="auth-card__intro">Welcome back. Sign in to make this week's picks.</p>
      </div>
      <Card>
        <SignInForm />
      </Card>
      <p className="auth-card__footer">
        New here? <Link to="/sign-up">Create an account</Link>
      </p>
    </div>
  );
}
