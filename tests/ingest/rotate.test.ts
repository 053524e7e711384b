import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { rotatePng } from "@/lib/ingest/rotate";

/** A width × height PNG whose pixel (x, y) has red = x and green = y. */
function gridPng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) png.data.set([x, y, 0, 255], (y * width + x) * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/** The source (x, y) of each pixel of a PNG made from gridPng, row by row. */
function sources(image: Uint8Array): { width: number; height: number; rows: string[] } {
  const png = PNG.sync.read(Buffer.from(image));
  const rows: string[] = [];
  for (let y = 0; y < png.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < png.width; x++) row.push(`${png.data[(y * png.width + x) * 4]}${png.data[(y * png.width + x) * 4 + 1]}`);
    rows.push(row.join(" "));
  }
  return { width: png.width, height: png.height, rows };
}

describe("rotatePng", () => {
  const grid = gridPng(3, 2); // rows "00 10 20" / "01 11 21"

  it("turns an image clockwise by quarter turns, its canvas with it", () => {
    expect(sources(rotatePng(grid, 1)!)).toEqual({ width: 2, height: 3, rows: ["01 00", "11 10", "21 20"] });
    expect(sources(rotatePng(grid, 2)!)).toEqual({ width: 3, height: 2, rows: ["21 11 01", "20 10 00"] });
    expect(sources(rotatePng(grid, 3)!)).toEqual({ width: 2, height: 3, rows: ["20 21", "10 11", "00 01"] });
  });

  it("leaves other formats alone", () => {
    expect(rotatePng(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0]), 2)).toBeNull();
  });
});
