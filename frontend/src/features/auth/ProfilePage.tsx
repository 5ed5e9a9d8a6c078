import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { EmailAddress } from '@/components/EmailAddress/EmailAddress';
import { FilePicker } from '@/components/FilePicker/FilePicker';
import { ApiErrorAlert, ApiErrorText } from '@/components/form/ApiErrorAlert';
import { Preloader } from '@/components/Preloader/Preloader';
import { toastShown } from '@/components/Toasts/toastSlice';
import { IMAGE_CONTENT_TYPES } from '@/contract/enums.gen';
import type { User } from '@/contract/schema.gen';
import {
  useChangePasswordMutation,
  useGetMeQuery,
  useUpdateInfoMutation,
  useUploadProfilePhotoMutation,
} from '@/features/auth/api';
import { AccountField, CompanyFields, NameFields, useAccountForm } from '@/features/auth/AccountFields';
import { Avatar } from '@/features/auth/AccountMenu';
import { toSessionUser } from '@/features/auth/authSlice';
import {
  CHANGE_PASSWORD_FIELDS,
  companyOf,
  makeChangePasswordSchema,
  makeProfileSchema,
  PROFILE_FIELDS,
  type ProfileField,
} from '@/features/auth/schemas';
import { toApiError, type ApiError } from '@/lib/apiError';
import { useSettings } from '@/lib/settings';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

/** The largest photo the server takes (4 MiB: it travels base64-encoded in a Lambda event capped at 6 MB). */
const MAX_PHOTO_BYTES = 4 * 1024 * 1024;

/** A file the server would refuse, told before sending it, in the server's words (image_processing_failed). */
function photoRejection(file: File): ApiError | null {
  const reason = !(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)
    ? 'unsupported_type'
    : file.size > MAX_PHOTO_BYTES
      ? 'too_large'
      : null;
  if (reason === null) return null;
  return {
    kind: 'HTTP',
    status: 400,
    code: 'image_processing_failed',
    params: { reason },
    messageKey: 'codes.image_processing_failed',
  };
}

/** Photo: preview of the chosen file, upload with a pending state, the server's reason on failure. */
function PhotoSection({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [upload, { isLoading }] = useUploadProfilePhotoMutation();

  /** Shows `next` as the preview (an object URL), releasing the previous one. */
  function choose(next: File | null) {
    if (previewRef.current !== null) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next === null ? null : URL.createObjectURL(next);
    setPreview(previewRef.current);
    setFile(next);
  }

  useEffect(
    () => () => {
      if (previewRef.current !== null) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function onChoose(files: readonly File[]) {
    setFailure(null);
    const chosen = files[0] ?? null;
    const rejection = chosen === null ? null : photoRejection(chosen);
    if (rejection !== null) {
      setFailure(rejection);
      choose(null);
      return;
    }
    choose(chosen);
  }

  async function onUpload(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file === null || isLoading) return;
    setFailure(null);
    try {
      await upload(file).unwrap();
      choose(null);
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.profile_updated' }));
    } catch (error) {
      setFailure(toApiError(error));
    }
  }

  const shown = preview !== null ? { ...toSessionUser(user), avatar: preview } : toSessionUser(user);
  return (
    <section className="profile-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('profile.photo')}</h2>
      <form className="profile-photo" onSubmit={(event) => void onUpload(event)}>
        <Avatar user={shown} size="large" />
        <div className="profile-photo__controls">
          <FilePicker
            id={inputId}
            name="image"
            buttonLabel={t('profile.choosePhoto')}
            accept={IMAGE_CONTENT_TYPES.join(',')}
            invalid={failure !== null}
            describedBy={failure ? `${inputId}-error` : `${inputId}-hint`}
            disabled={isLoading}
            onFiles={onChoose}
          >
            {file !== null && <p className="file-picker__file">{file.name}</p>}
          </FilePicker>
          <p id={`${inputId}-hint`} className="field__hint">
            {t('profile.photoHint')}
          </p>
          {failure && (
            <p id={`${inputId}-error`} className="field__error" role="alert">
              <ApiErrorText error={failure} />
            </p>
          )}
          {isLoading && (
            <p className="profile-photo__progress" role="status">
              <progress aria-label={t('profile.uploading')} />
              <span>{t('profile.uploading')}</span>
            </p>
          )}
          <button type="submit" className="button" disabled={file === null || isLoading}>
            {isLoading ? t('profile.uploading') : t('profile.upload')}
          </button>
        </div>
      </form>
    </section>
  );
}

function profileValues(user: User): Record<ProfileField, string> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    companyName: user.company?.name ?? '',
    companyEmail: user.company?.email ?? '',
    companyAddress: user.company?.address ?? '',
    companyWebsite: user.company?.website ?? '',
  };
}

/** Names, phone and (professionals) company; e-mail, role and account type are shown read-only. */
function DetailsSection({ user }: { user: User }) {
  const { t } = useTranslation(['auth', 'errors']);
  const dispatch = useAppDispatch();
  const lang = useLang();
  const headingId = useId();
  const { form, values, failure, setFailure, account } = useAccountForm(PROFILE_FIELDS, () => profileValues(user));
  const [update, { isLoading }] = useUpdateInfoMutation();
  const professional = user.accountType === 'professional';

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const data = form.validate(makeProfileSchema(professional).safeParse(values));
    if (data === null) return;
    try {
      await update({
        firstName: data.firstName,
        lastName: data.lastName,
        phone: data.phone,
        language: lang,
        ...(professional && {
          company: companyOf(data),
        }),
      }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.profile_updated' }));
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('profile.details')}</h2>
      <dl className="profile-facts">
        <div>
          <dt>{t('fields.email')}</dt>
          <dd>
            <EmailAddress address={user.email} />
          </dd>
        </div>
        <div>
          <dt>{t('profile.accountType')}</dt>
          <dd>{t(`accountTypes.${user.accountType}`)}</dd>
        </div>
        <div>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`roles.${user.role}`)}</dd>
        </div>
      </dl>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {failure && <ApiErrorAlert className="auth-form__alert" error={failure} />}
        <NameFields {...account} />
        <AccountField {...account} field="phone" />
        {professional && <CompanyFields {...account} />}
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('profile.save')}
        </button>
      </form>
    </section>
  );
}

type PasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];
const NO_PASSWORDS: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirmed password; success keeps this session (the server sends a new token).
 * The hidden username field lets password managers file the new password under the right account.
 */
function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const minPassword = useSettings().limits.password.min;
  const { form, values, setValues, failure, setFailure, account } = useAccountForm(
    CHANGE_PASSWORD_FIELDS,
    NO_PASSWORDS,
  );
  const [change, { isLoading }] = useChangePasswordMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const data = form.validate(makeChangePasswordSchema(minPassword).safeParse(values));
    if (data === null) return;
    try {
      await change(data).unwrap();
      setValues(NO_PASSWORDS);
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.password_changed' }));
    } catch (error) {
      const apiError = form.refused(error);
      setFailure(apiError);
      if (apiError.code === 'cannot_change_password') form.show({ currentPassword: 'invalid' });
    }
  }

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('profile.changePassword')}</h2>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {failure && <ApiErrorAlert className="auth-form__alert" error={failure} />}
        <AccountField {...account} field="currentPassword" />
        <AccountField {...account} field="newPassword" />
        <AccountField {...account} field="confirmPassword" label={t('fields.confirmNewPassword')} />
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('profile.changePasswordSubmit')}
        </button>
      </form>
    </section>
  );
}

/** `user/information`: the profile (spec §2 "My account"). */
export function ProfilePage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('profile.pageTitle'));
  const { data: user, error, isLoading } = useGetMeQuery(undefined);

  return (
    <div className="profile">
      <h1>{t('profile.title')}</h1>
      {isLoading && <Preloader inline />}
      {!user && error !== undefined && <ApiErrorAlert className="auth-form__alert" error={toApiError(error)} />}
      {user && (
        <>
          <PhotoSection user={user} />
          <DetailsSection key={user.id} user={user} />
          <PasswordSection email={user.email} />
        </>
      )}
    </div>
  );
}
