import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Preloader } from '@/components/Preloader/Preloader';
import { useExportAccountDataMutation } from '@/features/privacy/api';
import { DeleteAccountDialog, type PrivacyAccount } from '@/features/privacy/DeleteAccountDialog';
import { saveFile } from '@/features/privacy/saveFile';
import { messageOptions, toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './privacy.css';

/** What a deletion does, in the order the page explains it. */
const CONSEQUENCES = ['ads', 'photos', 'messages', 'profile', 'invoices'] as const;

interface PrivacyAccountPageProps {
  /** The signed-in account; undefined while it loads. */
  account: PrivacyAccount | undefined;
  /** Why the account could not be loaded, if it could not. */
  loadError?: unknown;
  /** Called once the account is deleted (the caller ends the session). */
  onDeleted: () => void;
}

/**
 * Dashboard "Privacy and account" (user/privacy): the rights the nFADP gives over one's data. The
 * user downloads their data as one JSON file, or deletes the account after reading what that does
 * (ads and photos deleted, invoices kept ten years) and confirming with the password (or, for an
 * account without one, the e-mail address).
 */
export function PrivacyAccountPage({ account, loadError, onDeleted }: PrivacyAccountPageProps) {
  const { t } = useTranslation(['privacy', 'errors']);
  const lang = useLang();
  useDocumentTitle(t('pageTitle'));
  const [exportData, exportCall] = useExportAccountDataMutation();
  const [exportFailure, setExportFailure] = useState<ApiError | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function onDownload() {
    setExportFailure(null);
    setDownloaded(false);
    try {
      const file = await exportData(undefined).unwrap();
      saveFile(file.filename, file.text);
      setDownloaded(true);
    } catch (error) {
      setExportFailure(toApiError(error));
    } finally {
      exportCall.reset();
    }
  }

  const errorText = (error: ApiError) =>
    t(
      `errors:${error.messageKey}`,
      messageOptions((key) => t(`errors:${key}`), error),
    );

  return (
    <div className="privacy-page">
      <h1>{t('title')}</h1>
      <p className="page__lead">{t('lead')}</p>
      <p>
        <Link to={paths.privacy(lang)}>{t('statementLink')}</Link>
      </p>
      {account === undefined && loadError === undefined && <Preloader inline />}
      {account === undefined && loadError !== undefined && (
        <p className="privacy-alert" role="alert">
          {errorText(toApiError(loadError))}
        </p>
      )}

      <section className="privacy-section" aria-labelledby="privacy-download-title">
        <h2 id="privacy-download-title">{t('download.title')}</h2>
        <p>{t('download.text')}</p>
        {exportFailure && (
          <p className="privacy-alert" role="alert">
            {errorText(exportFailure)}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={exportCall.isLoading}
          onClick={() => {
            void onDownload();
          }}
        >
          {exportCall.isLoading ? t('download.busy') : t('download.button')}
        </button>
        <p className="privacy-status" role="status">
          {downloaded ? t('download.done') : ''}
        </p>
      </section>

      <section className="privacy-section privacy-section--danger" aria-labelledby="privacy-delete-title">
        <h2 id="privacy-delete-title">{t('delete.title')}</h2>
        <p>{t('delete.intro')}</p>
        <ul className="privacy-consequences">
          {CONSEQUENCES.map((key) => (
            <li key={key}>{t(`delete.points.${key}`)}</li>
          ))}
        </ul>
        {account?.isAdmin === true ? (
          <p className="privacy-note">{t('delete.adminNote')}</p>
        ) : (
          <button
            type="button"
            className="button button--danger"
            disabled={account === undefined}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('delete.button')}
          </button>
        )}
      </section>

      {confirming && account !== undefined && (
        <DeleteAccountDialog
          account={account}
          onCancel={() => {
            setConfirming(false);
          }}
          onDeleted={onDeleted}
        />
      )}
    </div>
  );
}
