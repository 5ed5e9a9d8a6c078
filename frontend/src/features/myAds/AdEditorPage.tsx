import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import type { ProductDetail } from '@/contract/schema.gen';
import { useGetMyAdQuery } from '@/features/myAds/api';
import { DetailsForm } from '@/features/myAds/DetailsForm';
import { PhotosStep } from '@/features/myAds/PhotosStep';
import { draftCleared } from '@/features/myAds/productDraftSlice';
import { ErrorAlert, StatusBadge, SubscriptionNotice, usePublishingRight } from '@/features/myAds/shared';
import { toApiError } from '@/lib/apiError';
import { paths, type AdEditorStep } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './myAds.css';

/** The two steps, as a list the seller can move through (photos only once the ad is saved). */
function Steps({ id, step }: { id: string | undefined; step: AdEditorStep }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  const items = [
    { key: 'details', to: id !== undefined ? paths.editAd(lang, id) : null },
    { key: 'photos', to: id !== undefined ? paths.editAd(lang, id, 'photos') : null },
  ] as const;
  return (
    <nav aria-label={t('editor.steps.label')}>
      <ol className="ad-steps">
        {items.map((item, index) => {
          const label = t('editor.steps.item', { number: index + 1, name: t(`editor.steps.${item.key}`) });
          const current = item.key === step;
          return (
            <li key={item.key} className={current ? 'ad-steps__item ad-steps__item--current' : 'ad-steps__item'}>
              {current || item.to === null ? (
                <span aria-current={current ? 'step' : undefined}>{label}</span>
              ) : (
                <Link to={item.to}>{label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Create and edit an ad (user/products/add-product, user/products/edit-product/{id}; spec §2):
 * step 1 the details (saving creates the draft), step 2 the photos, then publish. An ad that is
 * already published is edited in place: its changes are saved directly.
 */
export function AdEditorPage() {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id } = useParams();
  const [params] = useSearchParams();
  const step: AdEditorStep = id !== undefined && params.get('step') === 'photos' ? 'photos' : 'details';
  const ad = useGetMyAdQuery(id ?? '', { skip: id === undefined });
  const right = usePublishingRight();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useDocumentTitle(id === undefined ? t('editor.addPageTitle') : t('editor.editPageTitle'));

  // A new ad starts from an empty draft state.
  useEffect(() => {
    if (id === undefined) dispatch(draftCleared());
  }, [dispatch, id]);

  // Moving between steps puts the focus on the page heading, so the change is announced.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function onSaved(saved: ProductDetail, created: boolean) {
    if (created) {
      dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.draftSaved' }));
      void navigate(paths.editAd(lang, saved.id, 'photos'), { replace: true });
    } else if (saved.status === 'draft') {
      dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.draftSaved' }));
      void navigate(paths.editAd(lang, saved.id, 'photos'));
    } else {
      dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.saved' }));
    }
  }

  const back = (
    <p className="ad-editor__back">
      <Link to={paths.myAds(lang)}>{t('editor.backToList')}</Link>
    </p>
  );

  if (id !== undefined && ad.isLoading) {
    return (
      <div className="page ad-editor">
        <p role="status">{t('editor.loading')}</p>
      </div>
    );
  }
  if (id !== undefined && (ad.isError || ad.data?.canEdit === false || !ad.data)) {
    return (
      <div className="page ad-editor">
        <h1>{t('editor.editTitle')}</h1>
        <ErrorAlert
          error={
            ad.isError
              ? toApiError(ad.error)
              : { kind: 'HTTP', status: 403, code: 'product_not_owned', messageKey: 'codes.product_not_owned' }
          }
        />
        {back}
      </div>
    );
  }

  const saved = ad.data;
  return (
    <div className="page ad-editor">
      {back}
      <h1 ref={headingRef} tabIndex={-1}>
        {saved === undefined ? t('editor.addTitle') : t('editor.editTitle')}
      </h1>
      {saved !== undefined && (
        <p className="ad-editor__status">
          <span className="ad-editor__name">{saved.title}</span> <StatusBadge status={saved.status} />
        </p>
      )}
      {saved === undefined && right !== null && right !== 'ok' ? (
        <SubscriptionNotice right={right} />
      ) : (
        <>
          <Steps id={id} step={step} />
          {(saved === undefined || saved.status === 'draft') && step === 'details' && (
            <p className="field__hint">{t('editor.draftNote')}</p>
          )}
          {step === 'photos' && saved !== undefined ? (
            <PhotosStep
              ad={saved}
              onBack={() => {
                void navigate(paths.editAd(lang, saved.id));
              }}
            />
          ) : (
            <DetailsForm key={saved?.id ?? 'new'} ad={saved} onSaved={onSaved} />
          )}
        </>
      )}
    </div>
  );
}
