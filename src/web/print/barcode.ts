import { code128, drawingSVG } from 'bwip-js/browser';

/**
 * A Code128 as an SVG data address (the page's CSP allows data: images; no markup injected).
 * `height` is the bars' height in millimetres.
 */
export function barcodeSrc(text: string, height = 12): string {
  const svg = code128(
    { bcid: 'code128', text, scale: 2, height, includetext: false, paddingwidth: 10 },
    drawingSVG(),
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
