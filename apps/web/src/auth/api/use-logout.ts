import { AUTH_API } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { toastAuthFailure } from '../../ui/toast';
import { useSessionStore } from '../auth-provider';

/** Ends the session on the server, then forget the session and go to the landing page (SPEC §2 top bar). */
export function useLogout() {
  const store = useSessionStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.call(AUTH_API.logout, {}, { notify: false }),
    onSuccess: () => {
      store.set(null);
      navigate('/', { replace: true });
    },
    onError: (error) => {
      // The session may have ended while logging out (refresh refused): that is the goal anyway.
      if (store.get() === null) {
        navigate('/', { replace: true });
        return;
      }
      toastAuthFailure(error.message);
    },
  });
}
