import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '@/lib/session';

/** Logging out forgets the user and the token and returns to '/' (docs/rules.md, Session). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // Ending the session first means '/' is reached signed out and shows sign-in, not a redirect.
    endSession();
    void navigate('/');
  }, [navigate]);
}
