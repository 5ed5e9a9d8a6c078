import type { ImageSource } from '@/contract/schema.gen';
import './Picture.css';

/** A `srcset` of renditions of one picture: `url 320w, url 640w`. */
export function srcSetOf(sources: readonly ImageSource[]): string {
  return sources.map((source) => `${source.url} ${source.width}w`).join(', ');
}

interface PictureProps {
  /** The JPEG: what a browser without WebP shows, and all a photo from before WebP has. */
  src: string;
  /** WebP renditions of the same picture, narrowest first (the API's `…Webp` lists). */
  webp?: readonly ImageSource[] | undefined;
  /** How wide the picture is drawn at each viewport width, for choosing among `webp`. */
  sizes: string;
  /** The picture's own size: the browser reserves its box (with the CSS) before it loads. */
  width: number;
  height: number;
  alt: string;
  /**
   * The page's largest picture in the first screen (its Largest Contentful Paint): fetched at
   * once with high priority. Every other picture loads lazily, when it nears the screen.
   */
  priority?: boolean;
}

/**
 * A photo as `<picture>`: a WebP `<source>` with a srcset, so a phone downloads the narrow
 * rendition, and the JPEG `<img>` as the fallback. The `<picture>` box does not take part in the
 * layout (Picture.css), so the caller's CSS for `img` applies as if the image stood alone.
 */
export function Picture({ src, webp, sizes, width, height, alt, priority = false }: PictureProps) {
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
    />
  );
  if (webp === undefined || webp.length === 0) return img;
  return (
    <picture className="picture">
      <source type="image/webp" srcSet={srcSetOf(webp)} sizes={sizes} />
      {img}
    </picture>
  );
}
