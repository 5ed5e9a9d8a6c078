import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './UserLayout.css';

/** The dashboard's sections, in the order of the specification (spec §2). */
const SECTIONS = [
  ['myAds', USER_SEGMENTS.myAds],
  ['paymentDetails', USER_SEGMENTS.paymentDetails],
  ['information', USER_SEGMENTS.information],
  ['contacts', USER_SEGMENTS.contacts],
  ['favourites', USER_SEGMENTS.favourites],
  ['savedSearches', USER_SEGMENTS.savedSearches],
  ['privacy', USER_SEGMENTS.privacy],
] as const;

/** The `user` dashboard: a section menu beside (below 768 px: above) the current section. */
export function UserLayout() {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  return (
    <div className="container page dashboard">
      <nav className="dashboard__nav" aria-label={t('nav.label')}>
        <ul>
          {SECTIONS.map(([key, segment]) => (
            <li key={segment}>
              <NavLink to={paths.userPage(lang, segment)}>{t(`nav.${key}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard__content">
        <Outlet />
      </div>
    </div>
  );
}
