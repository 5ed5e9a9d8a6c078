import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '@/components/Picture/Picture';
import type { ImageSource, ProductImage } from '@/contract/schema.gen';

/**
 * How wide the large photo is drawn (the `sizes` of its srcset), from the CSS: the width of
 * `.product__main`, the page's `.container` (at most 72rem, padded 1rem a side, 1.5rem from 768px)
 * less, from 960px, the 18rem summary beside it in a 2fr : 1fr grid with a 2rem gap.
 */
export const GALLERY_SIZES = [
  '(min-width: 1152px) 715px',
  '(min-width: 960px) calc(66.67vw - 53px)',
  '(min-width: 768px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

/** A thumbnail of the strip is 5.5rem wide (`.gallery__thumb`). */
const THUMB_SIZES = '5.5rem';

/** A horizontal move of at least this many pixels is a drag of the photo, not a tap. */
const DRAG_START_PX = 8;

/** A drag turns the page when it covers this share of the photo's width (or 48px, the larger). */
const SWIPE_SHARE = 0.15;
const SWIPE_MIN_PX = 48;

/** A click this soon after a drag ended is the drag's own, not a request to open the photo. */
const CLICK_AFTER_DRAG_MS = 400;

/** The picture shown as the large photo: the large rendition, else the card (older data). */
function largeOf(image: ProductImage): { src: string; webp: ImageSource[] | undefined } {
  if (image.largeUrl) return { src: image.largeUrl, webp: image.largeWebp };
  return { src: image.cardUrl ?? '', webp: image.cardWebp };
}

/** The picture shown as a thumbnail: the thumb rendition, else the card or the large one. */
function thumbOf(image: ProductImage): { src: string; webp: ImageSource[] | undefined } {
  if (image.thumbUrl) return { src: image.thumbUrl, webp: image.thumbWebp };
  if (image.cardUrl) return { src: image.cardUrl, webp: image.cardWebp };
  return { src: image.largeUrl ?? '', webp: image.largeWebp };
}

/** The ready photos, main image first (the API already sends them so; this keeps it true). */
export function galleryImages(images: readonly ProductImage[]): ProductImage[] {
  const ready = images.filter((image) => image.state === 'ready' && (image.largeUrl ?? image.cardUrl));
  return [...ready.filter((image) => image.main), ...ready.filter((image) => !image.main)];
}

/**
 * Which photo a finished drag shows: the next one after a swipe to the left, the previous one
 * after a swipe to the right, none (`0`) for a move shorter than the threshold.
 */
export function swipeStep(deltaX: number, width: number): -1 | 0 | 1 {
  const threshold = Math.max(SWIPE_MIN_PX, width * SWIPE_SHARE);
  if (deltaX <= -threshold) return 1;
  if (deltaX >= threshold) return -1;
  return 0;
}

/** Scrolls the thumbnail strip (only the strip, never the page) so that `thumb` is in view. */
function revealInStrip(thumb: HTMLElement) {
  const strip = thumb.parentElement;
  if (!strip) return;
  const box = strip.getBoundingClientRect();
  const item = thumb.getBoundingClientRect();
  if (item.left < box.left) strip.scrollLeft -= box.left - item.left;
  else if (item.right > box.right) strip.scrollLeft += item.right - box.right;
}

/** A pointer on the photo: where it went down and whether it has become a horizontal drag. */
interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * The ad's photos: one large view with previous/next arrows and a "3 / 8" counter, and a strip
 * of thumbnails. On a touch screen the photo follows the finger and a swipe turns the page
 * (pointer events; vertical moves still scroll the page). With the photo's link focused, the
 * left and right arrow keys turn the page; the strip is a single tab stop where arrow keys, Home
 * and End move through the photos. Each change is announced politely ("Photo 3 of 8").
 *
 * The large photo is the page's Largest Contentful Paint: one `<img>` whose source changes (the
 * browser keeps showing the old picture until the new one has loaded), loaded at once with high
 * priority from the narrowest WebP rendition that fills it, in a 4:3 box reserved by the CSS;
 * the thumbnails load lazily.
 */
export function Gallery({ images, title }: { images: readonly ProductImage[]; title: string }) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const photos = galleryImages(images);
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const frame = useRef<HTMLAnchorElement>(null);
  const drag = useRef<Drag | null>(null);
  // A drag may end with a click on the link below the pointer; that click must not open the photo.
  const dragEndedAt = useRef(Number.NEGATIVE_INFINITY);

  if (photos.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <p className="gallery__no-photo">{t('card.noPhoto')}</p>
      </div>
    );
  }
  const index = Math.min(current, photos.length - 1);
  const shown = photos[index];
  if (!shown) return null;
  const several = photos.length > 1;

  function show(next: number, focusThumb: boolean) {
    const wrapped = (next + photos.length) % photos.length;
    setCurrent(wrapped);
    const thumb = thumbs.current[wrapped];
    if (!thumb) return;
    if (focusThumb) thumb.focus();
    else revealInStrip(thumb);
  }

  function onStripKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Partial<Record<string, number>> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: photos.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  }

  function onPhotoKey(event: KeyboardEvent<HTMLAnchorElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || !several) return;
    event.preventDefault();
    show(index + step, false);
  }

  function moveFrame(deltaX: number | null) {
    const element = frame.current;
    if (!element) return;
    element.classList.toggle('gallery__frame--dragging', deltaX !== null);
    element.style.setProperty('--gallery-drag', deltaX === null ? '0px' : `${Math.round(deltaX)}px`);
  }

  function onPointerDown(event: PointerEvent<HTMLAnchorElement>) {
    if (!several || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, dragging: false };
  }

  function onPointerMove(event: PointerEvent<HTMLAnchorElement>) {
    const state = drag.current;
    if (state?.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - state.startX;
    if (!state.dragging) {
      const deltaY = event.clientY - state.startY;
      if (Math.abs(deltaX) < DRAG_START_PX || Math.abs(deltaX) <= Math.abs(deltaY)) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    moveFrame(deltaX);
  }

  function endDrag(event: PointerEvent<HTMLAnchorElement>, cancelled: boolean) {
    const state = drag.current;
    if (state?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return;
    moveFrame(null);
    dragEndedAt.current = event.timeStamp;
    if (cancelled) return;
    const step = swipeStep(event.clientX - state.startX, event.currentTarget.clientWidth);
    if (step !== 0) show(index + step, false);
  }

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.timeStamp - dragEndedAt.current < CLICK_AFTER_DRAG_MS) event.preventDefault();
  }

  const position = (n: number) => t('gallery.position', { current: n + 1, total: photos.length });
  const large = largeOf(shown);
  // The large rendition's size when the API gives it, else the card's (4:3, as the stage).
  const [width, height] =
    shown.width !== undefined && shown.height !== undefined ? [shown.width, shown.height] : [640, 480];

  return (
    <section className="gallery" aria-roledescription={t('gallery.roleDescription')} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('gallery.title')}
      </h2>
      <figure className="gallery__stage">
        <a
          ref={frame}
          href={large.src}
          target="_blank"
          rel="noopener"
          className="gallery__frame"
          onKeyDown={onPhotoKey}
          onClick={onLinkClick}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => {
            endDrag(event, false);
          }}
          onPointerCancel={(event) => {
            endDrag(event, true);
          }}
          onDragStart={(event) => {
            event.preventDefault();
          }}
        >
          <Picture
            src={large.src}
            webp={large.webp}
            sizes={GALLERY_SIZES}
            width={width}
            height={height}
            alt={t('gallery.alt', { title, position: position(index) })}
            priority
          />
          <span className="visually-hidden">{t('gallery.openLarge')}</span>
        </a>
        {several && (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--previous"
              aria-label={t('gallery.previous')}
              onClick={() => {
                show(index - 1, false);
              }}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label={t('gallery.next')}
              onClick={() => {
                show(index + 1, false);
              }}
            >
              <ChevronIcon direction="right" />
            </button>
            <p className="gallery__counter" aria-hidden="true">
              {t('gallery.counter', { current: index + 1, total: photos.length })}
            </p>
          </>
        )}
      </figure>
      <p className="visually-hidden" aria-live="polite">
        {several ? position(index) : ''}
      </p>
      {several && (
        <div
          className="gallery__strip"
          role="toolbar"
          aria-label={t('gallery.thumbnails')}
          aria-orientation="horizontal"
          onKeyDown={onStripKey}
        >
          {photos.map((photo, n) => (
            <button
              key={photo.id}
              ref={(element) => {
                thumbs.current[n] = element;
              }}
              type="button"
              className="gallery__thumb"
              tabIndex={n === index ? 0 : -1}
              aria-pressed={n === index}
              aria-label={position(n)}
              onClick={() => {
                show(n, false);
              }}
            >
              <Picture {...thumbOf(photo)} sizes={THUMB_SIZES} width={120} height={90} alt="" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
