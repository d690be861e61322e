import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgetThisDevice } from '@/features/profile/push-device';
import { endSession, getToken } from '@/lib/session';

/**
 * Logging out forgets the user and the token at once and returns to '/', then stops this browser's pushes
 * (docs/rules.md, Session): whoever signs in next on a shared browser gets none of this user's pushes.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const token = getToken();
    // Ending the session first means '/' is reached signed out and shows sign-in, not a redirect.
    endSession();
    void navigate('/');
    // With the ended session's token: the server removes only its user's device. Never fails, never waits on a screen.
    if (token) void forgetThisDevice(token);
  }, [navigate]);
}
