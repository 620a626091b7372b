import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The ZXing decoder (the `barcode-detector` ponyfill, WebAssembly), loaded only when the camera
 * opens on a browser whose own BarcodeDetector does not read Code 128. Its .wasm is a file of our
 * own build (imported with `?url`, so Vite emits it and the service worker precaches it), never
 * fetched from the package's default CDN: scanning works offline and under our CSP.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** detector.ts takes it as its CodeDetector (this chunk does not import that file, which loads it). */
export function createZxingDetector() {
  return new BarcodeDetector({ formats: ['code_128'] });
}
