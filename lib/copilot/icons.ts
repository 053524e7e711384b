import { PNG } from "pngjs";

/**
 * The app package's two icons, drawn here so the package needs no binary files: Teams wants a
 * full-colour 192×192 icon and a 32×32 outline that is white on a transparent background.
 * Both show the header's logo (a page with a folded corner and two lines of text).
 */

export const COLOR_ICON_SIZE = 192;
export const OUTLINE_ICON_SIZE = 32;
/** Indigo 600, the app's accent colour (also the Teams manifest's accentColor). */
export const ACCENT = "#4F46E5";

type Point = [number, number];
type Rgb = [number, number, number];
/** A shape in the logo's 24×24 coordinates. */
type Shape = (x: number, y: number) => boolean;

// The logo (components/shell/AppHeader.tsx LogoMark): path M6 3h9l4 4v14H6z, lines M9 12h7 and M9 16h5.
const PAGE: Point[] = [
  [6, 3],
  [15, 3],
  [19, 7],
  [19, 21],
  [6, 21],
];
const FOLD: Point[] = [
  [15, 3],
  [15, 7],
  [19, 7],
];
const LINES: [Point, Point][] = [
  [
    [9, 12],
    [16, 12],
  ],
  [
    [9, 16],
    [14, 16],
  ],
];
const CENTER: Point = [12.5, 12];
const GLYPH_HEIGHT = 18;

function insidePolygon(polygon: Point[]): Shape {
  return (x, y) => {
    let inside = false;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i];
      const [xj, yj] = polygon[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

function distanceToSegment(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** Round-capped strokes along segments, `width` logo units wide. */
function stroke(segments: [Point, Point][], width: number): Shape {
  return (x, y) => segments.some(([a, b]) => distanceToSegment(x, y, a, b) <= width / 2);
}

const outlineOf = (polygon: Point[]): [Point, Point][] => polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length]]);

interface Layer {
  shape: Shape;
  color: Rgb;
}

/**
 * Paints layers over a background (null: transparent) with 4×4 supersampling, the logo scaled
 * so its page is `fill` of the icon's height and centred.
 */
function render(size: number, fill: number, background: Rgb | null, layers: Layer[]): PNG {
  const png = new PNG({ width: size, height: size });
  const scale = (size * fill) / GLYPH_HEIGHT;
  const SAMPLES = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES - size / 2) / scale + CENTER[0];
          const y = (py + (sy + 0.5) / SAMPLES - size / 2) / scale + CENTER[1];
          const top = layers.findLast((layer) => layer.shape(x, y))?.color ?? background;
          if (!top) continue;
          r += top[0];
          g += top[1];
          b += top[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      // Colour averaged over the covered samples; coverage is the alpha.
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return png;
}

const hex = (color: string): Rgb => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as Rgb;
const WHITE: Rgb = [255, 255, 255];

/** 192×192: a white page on the accent colour, its corner fold and lines in a deeper indigo. */
export function colorIcon(): Buffer {
  const ink = hex("#3730A3");
  return PNG.sync.write(
    render(COLOR_ICON_SIZE, 0.58, hex(ACCENT), [
      { shape: insidePolygon(PAGE), color: WHITE },
      { shape: insidePolygon(FOLD), color: hex("#C7D2FE") },
      { shape: stroke(LINES, 1.6), color: ink },
    ]),
  );
}

/** 32×32: the page's outline and lines in white on transparent. */
export function outlineIcon(): Buffer {
  const width = 1.7;
  return PNG.sync.write(
    render(OUTLINE_ICON_SIZE, 0.78, null, [
      {
        shape: stroke(
          [
            ...outlineOf(PAGE),
            [
              [15, 3],
              [15, 7],
            ],
            [
              [15, 7],
              [19, 7],
            ],
            ...LINES,
          ],
          width,
        ),
        color: WHITE,
      },
    ]),
  );
}
