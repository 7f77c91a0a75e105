import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { toastAuthFailure } from '../../ui/toast';
import { useSessionStore } from '../auth-provider';

/** POST /logout, then forget the session and go to the landing page (SPEC §2 top bar). */
export function useLogout() {
  const store = useSessionStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/logout', undefined, { notify: false }),
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
