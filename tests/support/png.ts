// PNG pictures built by hand for the browser tests (the tests import no image library): a
// photo a camera would take, of one colour, stored compressed or not.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const b of body) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([len, body, sum]);
}

/** A valid RGB PNG, built by hand (the tests import no image library): `pixel` gives each row's bytes. */
function png(width: number, height: number, row: (y: number) => Buffer, level = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // Each row: filter type 0, then its pixels.
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.alloc(1), row(y)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A row of one colour. */
function solidRow(width: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, x * 3);
  return row;
}

/** One colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = solidRow(width, rgb);
  return png(width, height, () => row);
}

/**
 * One colour, stored without compression: a file as big as a camera's raw picture (bigger than
 * the server takes) that a browser still decodes, scales and encodes quickly on a busy machine,
 * unlike random pixels (whose 2400 px JPEG alone took more than 30 s there).
 */
export function uncompressedPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = solidRow(width, rgb);
  return png(width, height, () => row, 0);
}
