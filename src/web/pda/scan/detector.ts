/** The part of the Barcode Detection API the camera scanner uses. */
export interface CodeDetector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string; format: string }[]>;
}

export type DetectorEngine = 'native' | 'zxing';

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads Code 128 (asked at run time: Android and
 * ChromeOS have it, desktop Linux does not), else ZXing from its own lazily loaded chunk.
 */
export async function createCodeDetector(): Promise<{ detector: CodeDetector; engine: DetectorEngine }> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = await Native.getSupportedFormats();
      if (formats.includes('code_128'))
        return { detector: new Native({ formats: ['code_128'] }), engine: 'native' };
    } catch {
      // Present but broken: fall back to ZXing.
    }
  }
  const { createZxingDetector } = await import('./zxing.ts');
  return { detector: createZxingDetector(), engine: 'zxing' };
}
