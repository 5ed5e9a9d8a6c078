import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { selectIsAdmin } from '@/features/auth/role';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** What a signed-in user without the administrator role sees instead of the back office. */
function NotAllowed() {
  const { t } = useTranslation(['common', 'errors']);
  const lang = useLang();
  useDocumentTitle(t('notAllowed.pageTitle'));
  return (
    <section className="container not-found">
      <h1 className="not-found__title">{t('notAllowed.title')}</h1>
      <p className="not-found__text">{t('errors:codes.forbidden')}</p>
      <Link to={paths.home(lang)} className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

/**
 * Guards the back office: visitors go to the login page (and come back once logged in), signed-in
 * users without the administrator role are told they may not access it.
 */
export function RequireAdmin() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const admin = useAppSelector(selectIsAdmin);
  const lang = useLang();
  const { pathname, search, hash } = useLocation();
  if (!signedIn) return <Navigate to={paths.loginReturningTo(lang, `${pathname}${search}${hash}`)} replace />;
  if (!admin) return <NotAllowed />;
  return <Outlet />;
}
