import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/**
 * Guards the login-protected routes (spec §2): signed-out visitors go to the login page, which
 * brings them back here (path, query and hash) once they have logged in.
 */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const lang = useLang();
  const { pathname, search, hash } = useLocation();
  if (!signedIn) return <Navigate to={paths.loginReturningTo(lang, `${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}
