import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkImageFile, imageContentType, MAX_IMAGE_BYTES, putFile, UploadError } from '@/features/myAds/upload';
import { installFakeUploads } from '@/testing/myAds';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checking a chosen file', () => {
  it('declares the browser type, or guesses it from the extension when the browser gives none', () => {
    expect(imageContentType({ type: 'image/png', name: 'a.png' })).toBe('image/png');
    expect(imageContentType({ type: 'IMAGE/JPEG', name: 'a' })).toBe('image/jpeg');
    expect(imageContentType({ type: '', name: 'photo.JPG' })).toBe('image/jpeg');
    expect(imageContentType({ type: '', name: 'photo.webp' })).toBe('image/webp');
    expect(imageContentType({ type: 'image/gif', name: 'a.gif' })).toBeNull();
    expect(imageContentType({ type: '', name: 'notes.txt' })).toBeNull();
  });

  it('refuses empty, unsupported and oversized files before any upload', () => {
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 0 })).toBe('missing');
    expect(checkImageFile({ type: 'application/pdf', name: 'a.pdf', size: 10 })).toBe('unsupported_type');
    expect(checkImageFile({ type: 'image/jpeg', name: 'a.jpg', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', name: 'a.jpg', size: MAX_IMAGE_BYTES + 1 })).toBe('too_large');
  });
});

describe('putFile', () => {
  const target = {
    url: 'http://localhost/_s3/images/uploads/ad1/img1?X-Amz-Signature=abc',
    method: 'PUT' as const,
    headers: { 'Content-Type': 'image/png' },
  };

  it('PUTs the bytes with the signed headers and reports progress', async () => {
    const requests = installFakeUploads();
    const file = new Blob([new Uint8Array(100)], { type: 'image/png' });
    const seen: number[] = [];
    const done = putFile(target, file, (fraction) => seen.push(fraction));
    const [request] = requests;
    expect(request).toMatchObject({ method: 'PUT', url: target.url, headers: { 'Content-Type': 'image/png' } });
    expect(request?.body).toBe(file);
    request?.progress(25, 100);
    request?.progress(100, 100);
    request?.respond(200);
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it('fails with the storage status, or 0 when the network fails', async () => {
    const requests = installFakeUploads();
    const refused = putFile(target, new Blob(['x']), () => undefined);
    requests[0]?.respond(403);
    await expect(refused).rejects.toEqual(new UploadError(403));

    const offline = putFile(target, new Blob(['x']), () => undefined);
    requests[1]?.respond(0);
    await expect(offline).rejects.toMatchObject({ status: 0 });
  });

  it('can be cancelled', async () => {
    const requests = installFakeUploads();
    const controller = new AbortController();
    const upload = putFile(target, new Blob(['x']), () => undefined, controller.signal);
    expect(requests).toHaveLength(1);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});
