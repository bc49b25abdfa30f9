// A small, valid PNG that stands in for a payment receipt in the demo data: a light
// "paper" with a coloured header band and grey lines that look like printed text.
// Built by hand (zlib from node, our own CRC32) so the demo needs no image package.
import { deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const WIDTH = 200;
const HEIGHT = 120;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 (ISO 3309, as PNG uses it) of the given bytes. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Band colours, picked from the label so different receipts look different. */
const BANDS: [number, number, number][] = [
  [34, 139, 230], // blue
  [47, 158, 68], // green
  [240, 140, 0], // orange
  [174, 62, 201], // violet
];

function hashLabel(label: string): number {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h;
}

/** A 200×120 RGB PNG receipt image. The label only varies colours and line lengths. */
export function demoReceiptPng(label = 'Comprobante'): Buffer {
  const h = hashLabel(label);
  const band = BANDS[h % BANDS.length];
  const paper: [number, number, number] = [248, 249, 250];
  const ink: [number, number, number] = [173, 181, 189];
  // Text-like lines: y position and length, the lengths drawn from the label.
  const lines = [40, 52, 64, 76, 88].map((y, i) => ({ y, length: 60 + ((h >>> (i * 3)) % 80) }));

  const rowBytes = 1 + WIDTH * 3;
  const raw = Buffer.alloc(rowBytes * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * rowBytes;
    raw[row] = 0; // filter type: none
    for (let x = 0; x < WIDTH; x++) {
      let colour = paper;
      if (y < 24) colour = band;
      else if (y >= HEIGHT - 4) colour = band;
      else if (x >= 16 && lines.some((l) => y >= l.y && y < l.y + 4 && x < 16 + l.length)) colour = ink;
      // A "stamp" square at the bottom right, as on a confirmed transfer.
      else if (x >= 160 && x < 184 && y >= 84 && y < 108) colour = band;
      const p = row + 1 + x * 3;
      raw[p] = colour[0];
      raw[p + 1] = colour[1];
      raw[p + 2] = colour[2];
    }
  }

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(WIDTH, 0);
  ihdr.writeUInt32BE(HEIGHT, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace

  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
