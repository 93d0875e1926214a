import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { onSignOut } from '../lib/session/sign-out';

export const signInPath = '/conta/entrar';

/** Root route: after any sign-out, forget cached data and go to the sign-in page. */
export function SessionEvents() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSignOut(() => {
        void navigate(signInPath, { replace: true });
        queueMicrotask(() => queryClient.clear());
      }),
    [navigate, queryClient],
  );

  return <Outlet />;
}
