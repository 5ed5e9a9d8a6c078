import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import appStoreBadge from '@/assets/badges/app-store.svg';
import googlePlayBadge from '@/assets/badges/google-play.svg';
import { FacebookIcon, LinkedInIcon } from '@/components/icons';
import { Logo } from '@/components/Logo/Logo';
import { paths } from '@/lib/paths';
import { GEONAMES_ATTRIBUTION, SOCIAL_LINKS } from '@/lib/site';
import { useLang } from '@/lib/useLang';

/**
 * Site footer: information links, the "mobile apps coming soon" badges (plain images, not links,
 * until the apps exist), social links, copyright and the attribution the locality data requires.
 */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const linksId = useId();
  const appsId = useId();
  const socialId = useId();
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p>{t('footer.tagline')}</p>
        </div>

        <nav className="site-footer__section" aria-labelledby={linksId}>
          <h2 id={linksId} className="site-footer__title">
            {t('footer.linksTitle')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.howItWorks(lang)}>{t('footer.howItWorks')}</Link>
            </li>
            <li>
              <Link to={paths.pricing(lang)}>{t('footer.pricing')}</Link>
            </li>
            <li>
              <Link to={paths.about(lang)}>{t('footer.about')}</Link>
            </li>
            <li>
              <Link to={paths.contactUs(lang)}>{t('footer.contactUs')}</Link>
            </li>
          </ul>
        </nav>

        <section className="site-footer__section" aria-labelledby={appsId}>
          <h2 id={appsId} className="site-footer__title">
            {t('footer.appsTitle')}
          </h2>
          <ul className="site-footer__badges">
            <li>
              <img src={appStoreBadge} alt={t('footer.appStore')} width="135" height="40" />
            </li>
            <li>
              <img src={googlePlayBadge} alt={t('footer.googlePlay')} width="135" height="40" />
            </li>
          </ul>
        </section>

        <section className="site-footer__section" aria-labelledby={socialId}>
          <h2 id={socialId} className="site-footer__title">
            {t('footer.followUs')}
          </h2>
          <ul className="site-footer__social">
            <li>
              <a
                href={SOCIAL_LINKS.facebook}
                target="_blank"
                rel="noopener noreferrer"
                className="icon-button"
                aria-label={t('footer.facebook')}
              >
                <FacebookIcon />
              </a>
            </li>
            <li>
              <a
                href={SOCIAL_LINKS.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className="icon-button"
                aria-label={t('footer.linkedin')}
              >
                <LinkedInIcon />
              </a>
            </li>
          </ul>
        </section>
      </div>

      <div className="container site-footer__legal">
        <p>{t('footer.copyright', { year })}</p>
        <div className="site-footer__attribution">
          <h2 className="visually-hidden">{t('footer.dataTitle')}</h2>
          <p>{t('footer.localityData')}</p>
          <p>
            {t('footer.postalDataLead')} <a href={GEONAMES_ATTRIBUTION.url}>{GEONAMES_ATTRIBUTION.name}</a>{' '}
            {GEONAMES_ATTRIBUTION.suffix}
          </p>
        </div>
      </div>
    </footer>
  );
}
