/**
 * The fontkit fork pdf-lib embeds fonts with (its subsets of large TrueType fonts are sound), and
 * the parts of its API the PDF text layer uses to place shaped Arabic glyphs, and the ZPL raster
 * to draw glyph outlines.
 */
declare module '@foliojs-fork/fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    path: { commands: PathCommand[] };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface FontkitFont {
    unitsPerEm: number;
    layout(text: string): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph & { advanceWidth: number };
  }
  const fontkit: { create(buffer: Uint8Array, postscriptName?: string): FontkitFont };
  export default fontkit;
}
