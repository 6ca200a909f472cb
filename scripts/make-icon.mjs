// Draws the Exchange Desk app icon and writes it as PNG, with no dependencies beyond Node itself:
// resources/icon.png (1024x1024, electron-builder derives .icns/.ico from it) and
// resources/icon-256.png (256x256, the Linux window icon).
//
// The design, in coordinates where the canvas is the unit square: a rounded square with a deep
// blue-to-indigo vertical gradient and a soft shadow, a white faceted diamond (the sidebar's ◆
// brand mark) in the centre, and a light cyan upward chart line across the lower third.
// Every pixel averages a 4x4 grid of samples, so edges are anti-aliased. No randomness and a
// fixed compression level: the same Node version always writes the same bytes.
//
// Usage: node scripts/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SUPERSAMPLE = 4;

// --- Geometry (unit square) --------------------------------------------------------------------

/** The tile: Apple's icon grid (an 824/1024 square, corner radius ~185/1024). */
const TILE = { min: 100 / 1024, max: 924 / 1024, radius: 185 / 1024 };
/** The diamond: centre and half-diagonals. */
const DIAMOND = { cx: 0.5, cy: 0.435, rx: 0.205, ry: 0.235 };
/** The chart line: points left to right, stroke width, and the end dot's radius. */
const CHART = {
  points: [
    [0.215, 0.795],
    [0.335, 0.735],
    [0.435, 0.765],
    [0.565, 0.69],
    [0.665, 0.715],
    [0.785, 0.615],
  ],
  width: 0.022,
  dot: 0.027,
};

const TOP = [30, 58, 138]; // #1e3a8a
const BOTTOM = [79, 70, 229]; // #4f46e5
const CYAN = [103, 232, 249]; // #67e8f9
/** Diamond facets: top-left, top-right, bottom-left, bottom-right. */
const FACETS = [
  [255, 255, 255],
  [238, 242, 255], // #eef2ff
  [224, 231, 255], // #e0e7ff
  [210, 219, 254], // #d2dbfe
];

/** Signed distance to the tile (negative inside). */
function tileDistance(x, y) {
  const c = (TILE.min + TILE.max) / 2;
  const half = (TILE.max - TILE.min) / 2 - TILE.radius;
  const qx = Math.abs(x - c) - half;
  const qy = Math.abs(y - c) - half;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - TILE.radius;
}

function segmentDistance(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The chart line's height at x, or undefined outside its span. */
function chartHeight(x) {
  const pts = CHART.points;
  for (let i = 0; i < pts.length - 1; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    if (x >= ax && x <= bx) return ay + ((x - ax) / (bx - ax)) * (by - ay);
  }
  return undefined;
}

// --- Shading -----------------------------------------------------------------------------------

const mix = (a, b, t) => a + (b - a) * t;

/** Composites `src` (straight RGB, alpha) over `dst` (premultiplied RGBA, in place). */
function over(dst, rgb, alpha) {
  if (alpha <= 0) return;
  const keep = 1 - alpha;
  dst[0] = rgb[0] * alpha + dst[0] * keep;
  dst[1] = rgb[1] * alpha + dst[1] * keep;
  dst[2] = rgb[2] * alpha + dst[2] * keep;
  dst[3] = alpha + dst[3] * keep;
}

/** The colour of one sample point, premultiplied RGBA (channels 0..255, alpha 0..1). */
function shade(x, y, out) {
  out[0] = out[1] = out[2] = out[3] = 0;

  // Soft shadow below the tile, fading over a short distance.
  const shadow = tileDistance(x, y - 0.012);
  if (shadow < 0.03) {
    const t = Math.min(1, Math.max(0, 1 - (shadow + 0.01) / 0.04));
    over(out, [8, 12, 40], 0.28 * t * t);
  }

  if (tileDistance(x, y) > 0) return out;

  // Tile: vertical gradient.
  const g = Math.min(1, Math.max(0, (y - TILE.min) / (TILE.max - TILE.min)));
  over(out, [mix(TOP[0], BOTTOM[0], g), mix(TOP[1], BOTTOM[1], g), mix(TOP[2], BOTTOM[2], g)], 1);

  // Area under the chart line: cyan fading out downwards and towards both ends.
  const lineY = chartHeight(x);
  if (lineY !== undefined && y > lineY) {
    const first = CHART.points[0][0];
    const last = CHART.points[CHART.points.length - 1][0];
    const ends = Math.min(1, (x - first) / 0.12, (last - x) / 0.06);
    const down = Math.max(0, 1 - (y - lineY) / 0.16);
    over(out, CYAN, 0.16 * down * ends * ends);
  }

  // Diamond, with four facets split along its diagonals.
  const dx = (x - DIAMOND.cx) / DIAMOND.rx;
  const dy = (y - DIAMOND.cy) / DIAMOND.ry;
  if (Math.abs(dx) + Math.abs(dy) <= 1) {
    over(out, FACETS[(dy < 0 ? 0 : 2) + (dx < 0 ? 0 : 1)], 1);
  }

  // Chart line and the dot at its end, over everything.
  let line = Infinity;
  for (let i = 0; i < CHART.points.length - 1; i++) {
    line = Math.min(line, segmentDistance(x, y, CHART.points[i], CHART.points[i + 1]));
  }
  const [ex, ey] = CHART.points[CHART.points.length - 1];
  if (line <= CHART.width / 2 || Math.hypot(x - ex, y - ey) <= CHART.dot) over(out, CYAN, 1);
  return out;
}

/** Renders the icon at `size` x `size` as straight (non-premultiplied) RGBA bytes. */
function render(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const sample = [0, 0, 0, 0];
  const n = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLE) / size;
          shade(x, y, sample);
          r += sample[0];
          g += sample[1];
          b += sample[2];
          a += sample[3];
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(Math.min(255, r / a));
        rgba[i + 1] = Math.round(Math.min(255, g / a));
        rgba[i + 2] = Math.round(Math.min(255, b / a));
        rgba[i + 3] = Math.round((a / n) * 255);
      }
    }
  }
  return rgba;
}

// --- PNG encoding ------------------------------------------------------------------------------

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const paeth = (a, b, c) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Filters each scanline with whichever of the five PNG filters gives the smallest sum. */
function filterScanlines(rgba, size) {
  const stride = size * 4;
  const out = Buffer.alloc((stride + 1) * size);
  const candidate = Buffer.alloc(stride);
  const zero = Buffer.alloc(stride);
  for (let y = 0; y < size; y++) {
    const row = rgba.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rgba.subarray((y - 1) * stride, y * stride) : zero;
    let bestScore = Infinity;
    for (let type = 0; type < 5; type++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 4 ? row[i - 4] : 0;
        const b = prev[i];
        const c = i >= 4 ? prev[i - 4] : 0;
        const predictor =
          type === 0
            ? 0
            : type === 1
              ? a
              : type === 2
                ? b
                : type === 3
                  ? (a + b) >> 1
                  : paeth(a, b, c);
        const v = (row[i] - predictor) & 0xff;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        out[y * (stride + 1)] = type;
        candidate.copy(out, y * (stride + 1) + 1);
      }
    }
  }
  return out;
}

function encodePng(rgba, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method: adaptive
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filterScanlines(rgba, size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Main --------------------------------------------------------------------------------------

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');
for (const [name, size] of [
  ['icon.png', 1024],
  ['icon-256.png', 256],
]) {
  const png = encodePng(render(size), size);
  writeFileSync(join(resources, name), png);
  console.log(`wrote resources/${name} (${size}x${size}, ${png.length} bytes)`);
}
