import { IMAGE_CONTENT_TYPES } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import type { ImageUpload, ImageUploadRequest } from '@/contract/schema.gen';

type ImageContentType = ImageUploadRequest['contentType'];
type UploadTarget = ImageUpload['upload'];

/** The largest photo the pipeline accepts (15 MiB); S3 refuses a different size than the signed one. */
export const MAX_IMAGE_BYTES = limits.ImageUploadRequest.size.maximum;

/** Why a file cannot be sent; the same codes as the pipeline's `imageReasons`. */
export type LocalRejection = 'unsupported_type' | 'too_large' | 'missing';

const EXTENSION_TYPES: Record<string, ImageContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The content type to declare for `file`: the browser's type when it is one the pipeline accepts,
 * else guessed from the extension (some systems give no type). The pipeline checks the real bytes.
 */
export function imageContentType(file: Pick<File, 'type' | 'name'>): ImageContentType | null {
  const declared = file.type.toLowerCase();
  if ((IMAGE_CONTENT_TYPES as readonly string[]).includes(declared)) return declared as ImageContentType;
  if (declared !== '') return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? null;
}

/** Checks a chosen file before asking the server for an upload. */
export function checkImageFile(file: Pick<File, 'type' | 'name' | 'size'>): LocalRejection | null {
  if (file.size === 0) return 'missing';
  if (imageContentType(file) === null) return 'unsupported_type';
  if (file.size > MAX_IMAGE_BYTES) return 'too_large';
  return null;
}

/** The storage refused the upload (`status`), or the network failed (`status` 0). */
export class UploadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`upload failed with status ${String(status)}`);
    this.name = 'UploadError';
    this.status = status;
  }
}

/**
 * Sends `file` straight to storage with the presigned request. XMLHttpRequest rather than fetch,
 * because only it reports upload progress: `onProgress` gets the fraction sent (0..1). The
 * browser sets Content-Length from the file; the signed Content-Type comes from `target.headers`.
 */
export function putFile(
  target: UploadTarget,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(xhr.status));
      }
    };
    xhr.onerror = () => {
      reject(new UploadError(0));
    };
    xhr.onabort = () => {
      reject(new DOMException('upload aborted', 'AbortError'));
    };
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener(
        'abort',
        () => {
          xhr.abort();
        },
        { once: true },
      );
    }
    xhr.send(file);
  });
}
