import './Stars.css';

const STAR = '\u2605';

/** How much of star `index` (0–4) a rating of `halves` half stars fills. */
function fill(halves: number, index: number): 'full' | 'half' | 'empty' {
  if (halves >= (index + 1) * 2) return 'full';
  return halves === index * 2 + 1 ? 'half' : 'empty';
}

/**
 * A rating drawn as five stars (filled to the nearest half). Decorative only: hidden from
 * assistive technology, so the caller must say the rating in text too ("4.5 out of 5").
 */
export function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'large' }) {
  const halves = Math.round(Math.min(5, Math.max(0, value)) * 2);
  return (
    <span className={`stars stars--${size}`} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <span key={index} className={`stars__star stars__star--${fill(halves, index)}`}>
          {STAR}
        </span>
      ))}
    </span>
  );
}
