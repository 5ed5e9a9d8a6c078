import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_SEGMENTS, paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './admin.css';

/** The back office's sections, in the order administrators work through them. */
const SECTIONS = [
  ['reports', ADMIN_SEGMENTS.reports],
  ['reviews', ADMIN_SEGMENTS.reviews],
  ['users', ADMIN_SEGMENTS.users],
  ['contactUs', ADMIN_SEGMENTS.contactUs],
  ['categories', ADMIN_SEGMENTS.categories],
  ['brands', ADMIN_SEGMENTS.brands],
  ['plans', ADMIN_SEGMENTS.plans],
  ['siteSettings', ADMIN_SEGMENTS.siteSettings],
  ['audit', ADMIN_SEGMENTS.audit],
] as const;

/** `admin/*`, for administrators only: a section menu beside (below 768 px: above) the section. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const lang = useLang();
  return (
    <div className="container page admin">
      <nav className="admin__nav" aria-label={t('layout.nav')}>
        <p className="admin__brand">{t('layout.title')}</p>
        <ul>
          {SECTIONS.map(([key, segment]) => (
            <li key={segment}>
              <NavLink to={paths.admin(lang, segment)}>{t(`layout.sections.${key}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}
