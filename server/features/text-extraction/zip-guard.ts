import { inflateRawSync } from 'node:zlib';

/** The file goes beyond a resource limit: too much unpacked data, too many parts, pages or characters. */
export class ExtractionLimitError extends Error {
  override name = 'ExtractionLimitError';
  constructor(
    message: string,
    readonly reason: 'tooComplex' | 'tooMuchText' = 'tooComplex',
  ) {
    super(message);
  }
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Inflates every entry of a zip (a .docx) the way JSZip will find it (central directory, then local header),
 * counting the bytes really produced rather than trusting the declared sizes, and stops as soon as the total
 * passes `maxBytes`. Throws ExtractionLimitError beyond a limit, a plain Error for a zip we will not read.
 */
export function checkZipExpansion(bytes: Buffer, limits: { maxBytes: number; maxEntries: number }): number {
  const eocd = bytes.lastIndexOf(EOCD);
  if (eocd < 0 || eocd + 22 > bytes.length) throw new Error('zip: no end of central directory');
  const entries = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    throw new ExtractionLimitError('zip64 archive');
  }
  // A prepended or shifted archive is read at other offsets by JSZip; no real .docx is one.
  if (cdOffset + cdSize !== eocd) throw new Error('zip: central directory is not where the end record says');
  if (entries > limits.maxEntries) throw new ExtractionLimitError(`zip: ${entries} entries`);

  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) throw new Error('zip: bad central directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new ExtractionLimitError('zip64 entry');
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL) throw new Error('zip: bad local header');
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) throw new Error('zip: entry runs past the end');
    const data = bytes.subarray(dataStart, dataStart + compressedSize);

    const room = limits.maxBytes - total;
    if (method === 0) {
      total += compressedSize;
    } else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, room + 1) }).length;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new ExtractionLimitError(`zip: unpacks to more than ${limits.maxBytes} bytes`);
        }
        throw err;
      }
    } else {
      throw new Error(`zip: compression method ${method}`);
    }
    if (total > limits.maxBytes) throw new ExtractionLimitError(`zip: unpacks to more than ${limits.maxBytes} bytes`);
  }
  return total;
}
