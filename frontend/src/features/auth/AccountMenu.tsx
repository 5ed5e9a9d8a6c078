import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { LogoutIcon, UserIcon, UserPlusIcon } from '@/components/icons';
import { selectIsSignedIn, selectUser, type SessionUser } from '@/features/auth/authSlice';
import { selectIsAdmin } from '@/features/auth/role';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

function initials(user: SessionUser): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

/** The user's photo, or their initials on a coloured disc. Decorative: the link names the user. */
export function Avatar({ user, size = 'small' }: { user: SessionUser; size?: 'small' | 'large' }) {
  const className = `avatar avatar--${size}`;
  if (user.avatar) return <img className={className} src={user.avatar} alt="" />;
  return (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(user)}
    </span>
  );
}

function fullName(user: SessionUser): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

interface LogoutProps {
  /** Logout, from useLogout (the shell holds it, so it outlives the mobile menu). */
  onLogout: () => Promise<void>;
  logoutPending: boolean;
}

/**
 * The header's account area: login and sign-up icons for visitors; for signed-in users their
 * name with avatar (to the dashboard) and a logout button.
 */
export function AccountMenu({ onLogout, logoutPending }: LogoutProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectUser);
  const admin = useAppSelector(selectIsAdmin);

  if (signedIn && user) {
    return (
      <>
        {admin && (
          <Link to={paths.admin(lang)} className="account-link site-header__account">
            {t('header.admin')}
          </Link>
        )}
        <Link
          to={paths.userPage(lang, USER_SEGMENTS.information)}
          className="account-link site-header__account"
          title={t('header.myAccount')}
        >
          <Avatar user={user} />
          <span className="account-link__name">{fullName(user)}</span>
        </Link>
        <button
          type="button"
          className="icon-button site-header__account"
          aria-label={t('header.logout')}
          title={t('header.logout')}
          disabled={logoutPending}
          onClick={() => void onLogout()}
        >
          <LogoutIcon />
        </button>
      </>
    );
  }

  return (
    <>
      <Link
        to={paths.login(lang)}
        className="icon-button site-header__account"
        aria-label={t('header.login')}
        title={t('header.login')}
      >
        <UserIcon />
      </Link>
      <Link
        to={paths.signUp(lang)}
        className="icon-button site-header__account"
        aria-label={t('header.signUp')}
        title={t('header.signUp')}
      >
        <UserPlusIcon />
      </Link>
    </>
  );
}

/** The same choices as list items of the mobile menu. */
export function MobileAccountLinks({ onNavigate, onLogout, logoutPending }: LogoutProps & { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectUser);
  const admin = useAppSelector(selectIsAdmin);

  if (signedIn && user) {
    return (
      <>
        {admin && (
          <li>
            <Link to={paths.admin(lang)} onClick={onNavigate}>
              {t('header.admin')}
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.userPage(lang, USER_SEGMENTS.information)} onClick={onNavigate} className="account-link">
            <Avatar user={user} />
            <span>{fullName(user)}</span>
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="mobile-menu__action"
            disabled={logoutPending}
            onClick={() => {
              void onLogout().then(onNavigate);
            }}
          >
            {t('header.logout')}
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <Link to={paths.login(lang)} onClick={onNavigate}>
          {t('header.login')}
        </Link>
      </li>
      <li>
        <Link to={paths.signUp(lang)} onClick={onNavigate}>
          {t('header.signUp')}
        </Link>
      </li>
    </>
  );
}
