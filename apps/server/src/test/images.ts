import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real image of `width` × `height` pixels (noise, so it does not compress to nothing). */
export async function imageOf(format: 'png' | 'jpeg' | 'gif' | 'webp', width: number, height: number) {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The 45 bytes: a PNG signature, a header declaring `width` × `height` pixels (8-bit RGB) and
 * the end, with no pixels at all. A decoder that believes the header allocates width × height × 3.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * `png` with a private ancillary chunk (which decoders skip) before its end carrying `extra` and
 * filler, so the file is `size` bytes long (at least the PNG and the chunk's 12 bytes).
 */
export function pngWithChunk(png: Buffer, extra: string | Buffer, size?: number): Buffer {
  const iend = png.length - 12;
  const payload = Buffer.from(extra);
  const fill = size === undefined ? 0 : size - png.length - 12 - payload.length;
  if (fill < 0) throw new Error('pngWithChunk: the size is smaller than the image and its chunk');
  const data = Buffer.concat([payload, Buffer.alloc(fill, 0x20)]);
  return Buffer.concat([png.subarray(0, iend), chunk('prVt', data), png.subarray(iend)]);
}
