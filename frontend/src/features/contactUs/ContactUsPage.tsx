import { useTranslation } from 'react-i18next';
import { ContactForm } from '@/features/contactUs/ContactForm';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export function ContactUsPage() {
  const { t } = useTranslation('contactUs');
  useDocumentTitle(t('pageTitle'));
  return (
    <div className="container page page--narrow">
      <h1>{t('title')}</h1>
      <p className="page__lead">{t('lead')}</p>
      <ContactForm />
    </div>
  );
}
