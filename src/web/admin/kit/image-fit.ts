/**
 * What the image cropper makes of a cropped picture (spec: maximum image size 2000, minimum crop
 * size 10, output type jpeg): the longer side scaled down to at most 2000 pixels, a crop smaller
 * than 10 pixels on a side refused, and a JPEG out.
 */
export const MAX_IMAGE_SIZE = 2000;
export const MIN_CROP_SIZE = 10;
export const OUTPUT_TYPE = 'image/jpeg';
const JPEG_QUALITY = 0.9;

/** The types the server takes (image/upload checks the content, this the picked file). */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const isAcceptedImage = (file: { type: string }) =>
  (ACCEPTED_TYPES as readonly string[]).includes(file.type);

/** The size to draw a picture of `width` × `height` at: scaled down (never up) to the maximum. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_IMAGE_SIZE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export const tooSmall = (width: number, height: number) => width < MIN_CROP_SIZE || height < MIN_CROP_SIZE;

/** The JPEG file name of an upload: its name with a .jpg extension. */
export function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${stem}.jpg`;
}

/**
 * The cropped picture as the JPEG to upload (white under transparent parts, as the cropper fills),
 * or 'tooSmall' when the crop is under the minimum on a side.
 */
export async function toUploadJpeg(cropped: Blob, name: string): Promise<File | 'tooSmall'> {
  const bitmap = await createImageBitmap(cropped);
  try {
    if (tooSmall(bitmap.width, bitmap.height)) return 'tooSmall';
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, OUTPUT_TYPE, JPEG_QUALITY),
    );
    if (!blob) throw new Error('The browser could not encode the image as JPEG');
    return new File([blob], jpegName(name), { type: OUTPUT_TYPE });
  } finally {
    bitmap.close();
  }
}
