import { useId, useRef, useState, type KeyboardEvent } from 'react';
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
 * The ad's photos: one large view and a strip of thumbnails. The strip is a single tab stop;
 * arrow keys, Home and End move through it and show the photo at once. The large view links to
 * the full-size rendition. The large photo is the page's Largest Contentful Paint: it loads at
 * once, with high priority, from the narrowest WebP rendition that fills it; the thumbnails lazily.
 */
export function Gallery({ images, title }: { images: readonly ProductImage[]; title: string }) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const photos = galleryImages(images);
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

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

  function show(next: number, focus: boolean) {
    const wrapped = (next + photos.length) % photos.length;
    setCurrent(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
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
        <a href={large.src} target="_blank" rel="noopener" className="gallery__large-link">
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
        <figcaption className="gallery__caption" aria-live="polite">
          {position(index)}
        </figcaption>
      </figure>
      {photos.length > 1 && (
        <div className="gallery__controls">
          <button
            type="button"
            className="gallery__step"
            onClick={() => {
              show(index - 1, false);
            }}
          >
            {t('gallery.previous')}
          </button>
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
          <button
            type="button"
            className="gallery__step"
            onClick={() => {
              show(index + 1, false);
            }}
          >
            {t('gallery.next')}
          </button>
        </div>
      )}
    </section>
  );
}
