import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FilePicker } from '@/components/FilePicker/FilePicker';
import { ApiErrorText } from '@/components/form/ApiErrorAlert';
import { toastShown } from '@/components/Toasts/toastSlice';
import { IMAGE_CONTENT_TYPES } from '@/contract/enums.gen';
import type { ProductDetail, ProductImage } from '@/contract/schema.gen';
import {
  useDeleteMyAdImageMutation,
  useGetMyAdQuery,
  useGetSellerSubscriptionsQuery,
  usePublishMyAdMutation,
  useRequestMyAdImageUploadMutation,
  useSetMyAdMainImageMutation,
} from '@/features/myAds/api';
import {
  draftImageRemoved,
  draftSynced,
  featureImageChosen,
  selectFeatureImage,
} from '@/features/myAds/productDraftSlice';
import { ErrorAlert } from '@/features/myAds/shared';
import { checkImageFile, imageContentType, putFile, type LocalRejection } from '@/features/myAds/upload';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/** How often, and for how long after the last upload, the ad is re-read while photos are processed. */
const POLL_INTERVAL_MS = 1500;
const POLL_WINDOW_MS = 3 * 60 * 1000;

type Upload =
  | { key: string; name: string; phase: 'uploading'; progress: number; imageId?: string }
  | { key: string; name: string; phase: 'processing'; imageId: string }
  | { key: string; name: string; phase: 'rejected'; reason: LocalRejection }
  | { key: string; name: string; phase: 'failed'; error: ApiError | null };

/**
 * Local previews of the files being sent (object URLs, by upload key). Each URL is released once
 * its upload has left the list (the server's thumbnail replaces it) and when the step unmounts.
 */
function usePreviews(shownKeys: readonly string[]) {
  const urls = useRef(new Map<string, string>());
  const shown = shownKeys.join('\n');

  useEffect(() => {
    const keep = new Set(shown.split('\n'));
    for (const [key, url] of urls.current) {
      if (!keep.has(key)) {
        URL.revokeObjectURL(url);
        urls.current.delete(key);
      }
    }
  }, [shown]);

  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  return {
    add(key: string, file: File) {
      urls.current.set(key, URL.createObjectURL(file));
    },
    get(key: string): string | undefined {
      return urls.current.get(key);
    },
  };
}

/** "Failed to process image" with its reason, as the server words it (image_processing_failed). */
function imageFailure(reason: string | undefined): ApiError {
  return {
    kind: 'HTTP',
    status: 400,
    code: 'image_processing_failed',
    ...(reason !== undefined && { params: { reason } }),
    messageKey: 'codes.image_processing_failed',
  };
}

/** One file on its way: a progress bar while it uploads, then a note until the server has it. */
function UploadItem({ upload, preview, onDismiss }: { upload: Upload; preview?: string; onDismiss: () => void }) {
  const { t } = useTranslation(['myAds', 'errors']);
  const progressId = useId();
  return (
    <li className={`photo-upload photo-upload--${upload.phase}`}>
      <span className="photo-upload__thumb">
        {/* The file name beside it says what it is. */}
        {preview !== undefined && <img src={preview} alt="" width={64} height={48} />}
      </span>
      <span className="photo-upload__name" id={progressId}>
        {upload.name}
      </span>
      {upload.phase === 'uploading' && (
        <>
          <progress
            max={100}
            value={Math.round(upload.progress * 100)}
            aria-labelledby={progressId}
            aria-valuetext={t('myAds:photos.progress', { percent: Math.round(upload.progress * 100) })}
          />
          <span className="photo-upload__state" aria-hidden="true">
            {t('myAds:photos.progress', { percent: Math.round(upload.progress * 100) })}
          </span>
        </>
      )}
      {upload.phase === 'processing' && <span className="photo-upload__state">{t('myAds:photos.processing')}</span>}
      {(upload.phase === 'rejected' || upload.phase === 'failed') && (
        <>
          <span className="photo-upload__error" role="alert">
            {upload.phase === 'rejected' ? (
              <ApiErrorText error={imageFailure(upload.reason)} />
            ) : upload.error ? (
              <ApiErrorText error={upload.error} />
            ) : (
              t('myAds:photos.uploadFailed')
            )}
          </span>
          <button type="button" className="ads-action" onClick={onDismiss}>
            {t('myAds:photos.dismiss')}
          </button>
        </>
      )}
    </li>
  );
}

interface PhotoProps {
  image: ProductImage;
  number: number;
  checked: boolean;
  busy: boolean;
  onMain: () => void;
  onDelete: () => void;
}

/** A saved photo: its thumbnail and main-image choice once ready, its state otherwise. */
function Photo({ image, number, checked, busy, onMain, onDelete }: PhotoProps) {
  const { t } = useTranslation(['myAds', 'errors']);
  const radioId = useId();
  return (
    <li className={`photo photo--${image.state}${checked ? ' photo--main' : ''}`}>
      <div className="photo__frame">
        {image.state === 'ready' && image.thumbUrl !== undefined ? (
          <img src={image.thumbUrl} alt={t('myAds:photos.alt', { number })} width={240} height={180} />
        ) : (
          <span className="photo__placeholder">
            {image.state === 'pending' ? t('myAds:photos.pending', { number }) : t('myAds:photos.alt', { number })}
          </span>
        )}
      </div>
      {image.state === 'failed' && (
        <p className="photo__error">
          <ApiErrorText error={imageFailure(image.reason)} />
        </p>
      )}
      <div className="photo__controls">
        {image.state === 'ready' && (
          <span className="choice">
            <input
              type="radio"
              id={radioId}
              name="mainImage"
              value={image.id}
              checked={checked}
              disabled={busy}
              onChange={onMain}
            />
            <label htmlFor={radioId}>{t('myAds:photos.mainChoice', { number })}</label>
          </span>
        )}
        <button
          type="button"
          className="ads-action ads-action--danger"
          aria-label={t('myAds:photos.deleteLabel', { number })}
          onClick={onDelete}
          disabled={busy}
        >
          {t('myAds:photos.delete')}
        </button>
      </div>
    </li>
  );
}

interface PhotosStepProps {
  ad: ProductDetail;
  onBack: () => void;
}

/**
 * Step 2 of the ad editor: photos. Each file goes straight to storage with a presigned PUT (a
 * progress bar per file), then the ad is re-read until the pipeline has made the photo ready or
 * refused it. The seller picks the main (presentation) image, deletes photos, and publishes.
 */
export function PhotosStep({ ad: initial, onBack }: PhotosStepProps) {
  const { t } = useTranslation(['myAds', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [polling, setPolling] = useState(true);
  const pollTimer = useRef(0);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [needMain, setNeedMain] = useState(false);
  const featureImage = useAppSelector(selectFeatureImage);

  const current = useGetMyAdQuery(initial.id);
  const ad = current.data ?? initial;
  const processing =
    ad.images.some((image) => image.state === 'pending') || uploads.some((u) => u.phase === 'processing');
  // A second subscription to the same ad that polls only while photos are being processed.
  useGetMyAdQuery(initial.id, {
    skip: !(polling && processing),
    pollingInterval: POLL_INTERVAL_MS,
    skipPollingIfUnfocused: false,
  });
  const subscriptions = useGetSellerSubscriptionsQuery(undefined);
  const [requestUpload] = useRequestMyAdImageUploadMutation();
  const [setMain, mainCall] = useSetMyAdMainImageMutation();
  const [deleteImage, deleteCall] = useDeleteMyAdImageMutation();
  const [publish, publishCall] = usePublishMyAdMutation();

  // The draft state follows the ad as the server has it.
  useEffect(() => {
    dispatch(draftSynced(ad));
  }, [ad, dispatch]);

  // Poll for a while after arriving and after each upload, not forever (an abandoned upload stays pending).
  useEffect(() => {
    pollTimer.current = window.setTimeout(() => {
      setPolling(false);
    }, POLL_WINDOW_MS);
    return () => {
      window.clearTimeout(pollTimer.current);
    };
  }, []);

  function keepPolling() {
    setPolling(true);
    window.clearTimeout(pollTimer.current);
    pollTimer.current = window.setTimeout(() => {
      setPolling(false);
    }, POLL_WINDOW_MS);
  }

  // An upload leaves the list once the server reports its photo as ready or failed.
  const settled = new Set(ad.images.filter((image) => image.state !== 'pending').map((image) => image.id));
  const shownUploads = uploads.filter((u) => !(u.phase === 'processing' && settled.has(u.imageId)));
  const uploadingIds = new Set(
    uploads.flatMap((u) => ((u.phase === 'uploading' || u.phase === 'processing') && u.imageId ? [u.imageId] : [])),
  );
  // Shown in upload order (image ids are ULIDs), not the server's main-first order, so a photo keeps
  // its number and place when it becomes the main image.
  const photos = ad.images
    .filter((image) => !uploadingIds.has(image.id) || image.state !== 'pending')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ready = ad.images.filter((image) => image.state === 'ready');
  const busyUploading = uploads.some((u) => u.phase === 'uploading');

  const previews = usePreviews(shownUploads.map((upload) => upload.key));

  function update(key: string, next: Upload) {
    setUploads((list) => list.map((u) => (u.key === key ? next : u)));
  }

  async function uploadOne(file: File, key: string) {
    const contentType = imageContentType(file);
    if (contentType === null) return;
    let imageId: string | undefined;
    try {
      const response = await requestUpload({ productId: ad.id, contentType, size: file.size }).unwrap();
      imageId = response.image.id;
      const id = imageId;
      update(key, { key, name: file.name, phase: 'uploading', progress: 0, imageId: id });
      await putFile(response.upload, file, (fraction) => {
        update(key, { key, name: file.name, phase: 'uploading', progress: fraction, imageId: id });
      });
      update(key, { key, name: file.name, phase: 'processing', imageId: id });
      keepPolling();
      void current.refetch();
    } catch (error) {
      update(key, {
        key,
        name: file.name,
        phase: 'failed',
        error: imageId === undefined ? toApiError(error) : null,
      });
      // The photo never reached storage: free its place in the plan's allowance.
      if (imageId !== undefined) void deleteImage({ productId: ad.id, imageId });
    }
  }

  function addFiles(files: readonly File[]) {
    setFailure(null);
    const added: Upload[] = [];
    for (const file of files) {
      const key = `${file.name}-${String(Date.now())}-${String(Math.random())}`;
      const rejection = checkImageFile(file);
      if (rejection !== null) {
        added.push({ key, name: file.name, phase: 'rejected', reason: rejection });
        continue;
      }
      previews.add(key, file);
      added.push({ key, name: file.name, phase: 'uploading', progress: 0 });
      void uploadOne(file, key);
    }
    setUploads((list) => [...list, ...added]);
  }

  async function chooseMain(imageId: string) {
    setFailure(null);
    setNeedMain(false);
    dispatch(featureImageChosen(imageId));
    try {
      await setMain({ productId: ad.id, imageId }).unwrap();
    } catch (error) {
      setFailure(toApiError(error));
      dispatch(draftSynced(ad));
    }
  }

  async function removePhoto(imageId: string) {
    setFailure(null);
    try {
      await deleteImage({ productId: ad.id, imageId }).unwrap();
      dispatch(draftImageRemoved(imageId));
      dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.photoDeleted' }));
    } catch (error) {
      setFailure(toApiError(error));
    }
  }

  async function onPublish() {
    setFailure(null);
    const main = featureImage ?? ad.mainImageId;
    if (main === undefined || !ready.some((image) => image.id === main)) {
      setNeedMain(true);
      return;
    }
    setNeedMain(false);
    try {
      await publish(ad.id).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.published' }));
      void navigate(paths.myAds(lang));
    } catch (error) {
      setFailure(toApiError(error));
    }
  }

  const allowance = Math.max(
    0,
    ...(subscriptions.data?.history ?? []).filter((s) => s.state === 'valid' && !s.bundle).map((s) => s.imageAllowance),
  );
  const canPublish = ad.status === 'draft' || ad.status === 'expired';
  const checkedId = featureImage ?? ad.mainImageId ?? null;

  return (
    <section className="ad-photos" aria-labelledby="ad-photos-title">
      <h2 id="ad-photos-title">{t('myAds:photos.title')}</h2>
      <p className="page__lead">{t('myAds:photos.lead')}</p>

      <FilePicker
        id={inputId}
        buttonLabel={t('myAds:photos.choose')}
        dropText={t('myAds:photos.dropzone')}
        accept={IMAGE_CONTENT_TYPES.join(',')}
        multiple
        describedBy={`${inputId}-hint`}
        onFiles={addFiles}
      >
        <p id={`${inputId}-hint`} className="field__hint">
          {t('myAds:photos.hint')}
          {allowance > 0 && ` ${t('myAds:photos.allowance', { count: allowance })}`}
        </p>
      </FilePicker>

      {shownUploads.length > 0 && (
        <ul className="photo-uploads" aria-label={t('myAds:photos.uploadsLabel')}>
          {shownUploads.map((upload) => (
            <UploadItem
              key={upload.key}
              upload={upload}
              preview={previews.get(upload.key)}
              onDismiss={() => {
                setUploads((list) => list.filter((u) => u.key !== upload.key));
              }}
            />
          ))}
        </ul>
      )}

      {failure && <ErrorAlert error={failure} />}
      {needMain && (
        <p className="ads-alert" role="alert">
          {t('myAds:photos.needMain')}
        </p>
      )}

      {photos.length === 0 ? (
        <p className="ad-photos__none">{t('myAds:photos.none')}</p>
      ) : (
        <fieldset className="photo-fieldset">
          <legend>{t('myAds:photos.mainLegend')}</legend>
          <ul className="photo-grid">
            {photos.map((image, index) => (
              <Photo
                key={image.id}
                image={image}
                number={index + 1}
                checked={checkedId === image.id}
                busy={mainCall.isLoading || deleteCall.isLoading}
                onMain={() => void chooseMain(image.id)}
                onDelete={() => void removePhoto(image.id)}
              />
            ))}
          </ul>
        </fieldset>
      )}

      <div className="ad-form__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('myAds:photos.back')}
        </button>
        {canPublish ? (
          <button
            type="button"
            className="button"
            disabled={publishCall.isLoading || busyUploading}
            onClick={() => void onPublish()}
          >
            {publishCall.isLoading
              ? t('myAds:photos.publishing')
              : ad.status === 'expired'
                ? t('myAds:photos.publishAgain')
                : t('myAds:photos.publish')}
          </button>
        ) : (
          <Link className="button" to={paths.myAds(lang)}>
            {t('myAds:photos.done')}
          </Link>
        )}
      </div>
    </section>
  );
}
