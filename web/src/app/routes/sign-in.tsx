import { SignInForm } from '../../features/auth/components/sign-in-form';
import { Card } from '../../ui/card';
import { Brand } from '../brand';

export function SignInPage() {
  return (
    <main className="centered-screen">
      <div className="sign-in">
        <h1 className="brand">
          <Brand />
        </h1>
        <Card title="Sign in" className="sign-in__card">
          <p className="sign-in__intro">Welcome back. Sign in to make this week's picks.</p>
          <SignInForm />
        </Card>
      </div>
    </main>
  );
}
