// Draws build/icon.png (512x512 RGBA): a card terminal on a teal rounded
// square. Pure Node (zlib + a hand-written PNG encoder) because no image tool
// is available on the build machines; electron-builder derives the .ico and
// .icns from this PNG. Run: node build/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SUPERSAMPLE = 4; // 16 samples per pixel: smooth edges without a rasteriser

const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const SCREEN = [19, 41, 61];
const KEY = [148, 163, 184];
const ACCEPT = [34, 197, 94];

/** Inside a rounded rectangle (x, y, w, h, radius)? */
function inRoundRect(px, py, x, y, w, h, r) {
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return px >= x && px <= x + w && py >= y && py <= y + h && (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

const inCircle = (px, py, cx, cy, r) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r;

/** Topmost shape wins; null is transparent. */
function colourAt(px, py) {
  const keys = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) keys.push([196 + col * 60, 300 + row * 46]);
  }
  if (keys.some(([cx, cy]) => inCircle(px, py, cx, cy, 17))) return KEY;
  if (inRoundRect(px, py, 186, 120, 140, 120, 14)) {
    return inRoundRect(px, py, 214, 166, 84, 28, 8) ? ACCEPT : SCREEN;
  }
  if (inRoundRect(px, py, 156, 84, 200, 360, 36)) return WHITE;
  if (inRoundRect(px, py, 16, 16, 480, 480, 104)) return TEAL;
  return null;
}

function render() {
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    rows[y * (SIZE * 4 + 1)] = 0; // PNG filter type "None"
    for (let x = 0; x < SIZE; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const c = colourAt(x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const o = y * (SIZE * 4 + 1) + 1 + x * 4;
      // Colour averaged over covered samples only (straight alpha), coverage as alpha.
      rows[o] = a ? Math.round(r / a) : 0;
      rows[o + 1] = a ? Math.round(g / a) : 0;
      rows[o + 2] = a ? Math.round(b / a) : 0;
      rows[o + 3] = Math.round((a / SUPERSAMPLE ** 2) * 255);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
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
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('./icon.png', import.meta.url);
writeFileSync(out, png(render()));
console.info(`wrote ${out.pathname}`);
