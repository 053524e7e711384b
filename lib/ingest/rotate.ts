import { PNG } from "pngjs";

/** A PNG's 8-byte signature. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The PNG turned clockwise by `quarterTurns` quarter turns (1: 90°, 2: 180°, 3: 270°), the
 * canvas turned with it; null when the image is not a PNG. Scanned PDF pages (rendered here),
 * TIFF pages and PNG uploads are PNGs; JPEG and WebP pictures are made PNGs first by the OCR
 * pool (OcrPool.toPng), which applies a JPEG's EXIF orientation.
 */
export function rotatePng(image: Uint8Array, quarterTurns: 1 | 2 | 3): Uint8Array | null {
  if (!isPng(image)) return null;
  const source = PNG.sync.read(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  const { width, height } = source;
  const pixels = words(source.data, width * height);
  const sideways = quarterTurns !== 2;
  const out = new PNG({ width: sideways ? height : width, height: sideways ? width : height });
  const turned = new Uint32Array(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (quarterTurns === 1) turned[x * height + (height - 1 - y)] = pixels[i];
      else if (quarterTurns === 2) turned[(height - 1 - y) * width + (width - 1 - x)] = pixels[i];
      else turned[(width - 1 - x) * height + y] = pixels[i];
    }
  }
  out.data = Buffer.from(turned.buffer);
  // Fast deflate: the image only goes to OCR.
  return new Uint8Array(PNG.sync.write(out, { deflateLevel: 1 }));
}

export function isPng(image: Uint8Array): boolean {
  return image.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => image[i] === byte);
}

/** RGBA pixels as 32-bit words (copied when the buffer is not 4-byte aligned). */
function words(data: Buffer, count: number): Uint32Array {
  if (data.byteOffset % 4 === 0) return new Uint32Array(data.buffer, data.byteOffset, count);
  return new Uint32Array(new Uint8Array(data).buffer, 0, count);
}
