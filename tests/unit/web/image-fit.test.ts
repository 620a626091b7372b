import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  isAcceptedImage,
  jpegName,
  MAX_IMAGE_SIZE,
  MIN_CROP_SIZE,
  tooSmall,
} from '../../../src/web/admin/kit/image-fit.ts';

/** The cropper's rules (spec: maximum image size 2000, minimum crop size 10, output type jpeg). */
describe('image fit', () => {
  it('scales the longer side down to 2000 pixels, keeping the shape, and never up', () => {
    expect(MAX_IMAGE_SIZE).toBe(2000);
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 400, height: 2000 });
    expect(fitWithin(2000, 2000)).toEqual({ width: 2000, height: 2000 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    // A long thin strip keeps at least a pixel.
    expect(fitWithin(100_000, 10)).toEqual({ width: 2000, height: 1 });
  });

  it('refuses a crop under 10 pixels on either side', () => {
    expect(MIN_CROP_SIZE).toBe(10);
    expect(tooSmall(9, 500)).toBe(true);
    expect(tooSmall(500, 9)).toBe(true);
    expect(tooSmall(10, 10)).toBe(false);
  });

  it('names the upload as a JPEG and takes the types the server reads', () => {
    expect(jpegName('parcel.png')).toBe('parcel.jpg');
    expect(jpegName('scan.final.webp')).toBe('scan.final.jpg');
    expect(jpegName('label')).toBe('label.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
    expect(isAcceptedImage({ type: 'image/png' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedImage({ type: '' })).toBe(false);
  });
});
