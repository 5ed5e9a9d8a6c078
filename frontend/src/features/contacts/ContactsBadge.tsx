import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetContactRequestsQuery } from '@/features/contacts/api';
import { badgeCount } from '@/features/contacts/format';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/** How often the badge asks for the unread count while the page is in use. */
const BADGE_REFRESH_MS = 60_000;

function MailIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

/**
 * The header's link to the dashboard's messages with a red badge: the number of unread requests
 * (none at 0),
 * taken from the length of `categories` of the contact-request list (spec §2). It reads the same
 * cache entry as the first inbox page, so reading, deleting or sending (tag `Contact`) updates it.
 * Render it for signed-in users only.
 */
export function ContactsBadge() {
  // Without suspending: the badge sits in the header, outside the page's loading state, and shows
  // once its namespace (not part of the shell's) has arrived.
  const { t, ready } = useTranslation('contacts', { useSuspense: false });
  const lang = useLang();
  // Fetched afresh when the badge appears (a new sign-in never shows the previous user's count),
  // then every minute while the tab is in use, so new messages show up without a reload.
  const { data } = useGetContactRequestsQuery(
    {},
    { refetchOnMountOrArgChange: true, pollingInterval: BADGE_REFRESH_MS, skipPollingIfUnfocused: true },
  );
  const count = data?.categories.length ?? 0;
  if (!ready) return null;
  // No red "0": the count shows only when there is something unread; the name says it either way.
  const label = count > 0 ? t('badge.label', { count }) : t('badge.noUnread');
  return (
    <Link
      to={paths.userPage(lang, USER_SEGMENTS.contacts)}
      className="icon-button contacts-badge"
      aria-label={label}
      title={label}
    >
      <MailIcon />
      {count > 0 && (
        <span className="contacts-badge__count" aria-hidden="true">
          {badgeCount(count)}
        </span>
      )}
    </Link>
  );
}
