import { Link } from 'react-router-dom';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card } from '@/ui/card';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  return (
    <div className="auth-card auth-card--wide">
      <div className="auth-card__heading">
        <h1 className="auth-card__title">Create your account</h1>
        <p className="auth-card__intro">Join your league's pick'em. Every field is required.</p>
      </div>
      <Card>
        <SignUpForm />
      </Card>
      <p className="auth-card__footer">
        Already have an account? <Link to="/">Sign in</Link>
      </p>
    </div>
  );
}
