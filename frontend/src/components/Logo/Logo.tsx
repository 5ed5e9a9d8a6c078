import { BRAND_NAME } from '@/lib/site';

/**
 * The Remat mark (a loop of two arrows: materials going round again) and word mark. The
 * surrounding link gives the accessible name, so the drawing itself is hidden from assistive tech.
 */
export function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" focusable="false">
        <rect width="32" height="32" rx="8" className="logo__tile" />
        <path
          d="M9.2 17.5a7 7 0 0 1 11.9-6.2M22.8 14.5a7 7 0 0 1-11.9 6.2"
          fill="none"
          className="logo__loop"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <path d="M22.6 8.4v4.2h-4.2z" className="logo__arrow" />
        <path d="M9.4 23.6v-4.2h4.2z" className="logo__arrow" />
      </svg>
      <span className="logo__word">{BRAND_NAME}</span>
    </span>
  );
}
