import { useNavigate } from 'react-router-dom';
import { endSession } from '../../../lib/session';
import { Button } from '../../../ui/button';

export function LogoutButton() {
  const navigate = useNavigate();
  const logout = () => {
    // Ending the session first means '/' is reached signed out and shows sign-in, not a redirect.
    endSession();
    void navigate('/');
  };
  return (
    <Button variant="secondary" onClick={logout}>
      Log Out
    </Button>
  );
}
