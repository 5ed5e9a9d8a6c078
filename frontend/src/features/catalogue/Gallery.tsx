import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductImage } from '@/contract/schema.gen';

/** The ready photos, main image first (the API already sends them so; this keeps it true). */
export function galleryImages(images: readonly ProductImage[]): ProductImage[] {
  const ready = images.filter((image) => image.state === 'ready' && (image.largeUrl ?? image.cardUrl));
  return [...ready.filter((image) => image.main), ...ready.filter((image) => !image.main)];
}

/**
 * The ad's photos: one large view and a strip of thumbnails. The strip is a single tab stop;
 * arrow keys, Home and End move through it and show the photo at once. The large view links to
 * the full-size rendition.
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
  const large = shown.largeUrl ?? shown.cardUrl ?? '';

  return (
    <section className="gallery" aria-roledescription={t('gallery.roleDescription')} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('gallery.title')}
      </h2>
      <figure className="gallery__stage">
        <a href={large} target="_blank" rel="noopener" className="gallery__large-link">
          <img
            src={large}
            alt={t('gallery.alt', { title, position: position(index) })}
            {...(shown.width !== undefined && shown.height !== undefined
              ? { width: shown.width, height: shown.height }
              : {})}
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
                <img src={photo.thumbUrl ?? photo.cardUrl ?? photo.largeUrl} alt="" width={120} height={90} />
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
