import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgetThisDevice } from '@/features/profile/push-device';
import { endSession } from '@/lib/session';

/**
 * Logging out stops this browser's pushes, forgets the user and the token and returns to '/' (docs/rules.md,
 * Session): whoever signs in next on a shared browser gets none of this user's pushes.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // The device is forgotten with the token still held (the server removes only the caller's); it never fails.
    void forgetThisDevice().then(() => {
      // Ending the session first means '/' is reached signed out and shows sign-in, not a redirect.
      endSession();
      void navigate('/');
    });
  }, [navigate]);
}
