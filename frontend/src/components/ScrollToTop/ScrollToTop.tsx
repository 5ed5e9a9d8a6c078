import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '@/components/icons';
import { useScrolledPast, useScrollProgress } from '@/lib/useScroll';

/** The button appears once the page is scrolled further than this (spec §9). */
export const SCROLL_TOP_AFTER_PX = 300;

const RING_RADIUS = 21;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** The id of the focus target at the very top of the page (rendered by the app shell). */
export const PAGE_TOP_ID = 'page-top';

/**
 * "Back to top" button with a ring that fills as the page scrolls. After scrolling up, focus
 * moves to the top of the page, so keyboard users continue from there.
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TOP_AFTER_PX);
  const progress = useScrollProgress();

  if (!visible) return null;

  function scrollUp() {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true });
  }

  return (
    <button type="button" className="scroll-top" aria-label={t('scrollTop.label')} onClick={scrollUp}>
      <svg className="scroll-top__ring" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle className="scroll-top__track" cx="24" cy="24" r={RING_RADIUS} />
        <circle
          className="scroll-top__progress"
          data-testid="scroll-progress"
          cx="24"
          cy="24"
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH.toFixed(2)}
          strokeDashoffset={(RING_LENGTH * (1 - progress / 100)).toFixed(2)}
          transform="rotate(-90 24 24)"
        />
      </svg>
      <ArrowUpIcon />
    </button>
  );
}
