/** Hostile files for the resource-limit tests, built in memory without ever holding what they unpack to. */
import { createDeflate, createDeflateRaw, crc32 } from 'node:zlib';

/** Deflates `head`, then `chunk` `times` times, then `tail`, streaming: a few MB of input at most in memory. */
async function deflateRepeated(raw: boolean, head: string, chunk: string, times: number, tail: string) {
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const write = (data: Buffer) =>
    new Promise<void>((resolve) => {
      if (deflate.write(data)) resolve();
      else deflate.once('drain', resolve);
    });
  const block = Buffer.from(chunk);
  let crc = crc32(head);
  await write(Buffer.from(head));
  for (let i = 0; i < times; i += 1) {
    await write(block);
    crc = crc32(block, crc);
  }
  await write(Buffer.from(tail));
  crc = crc32(tail, crc);
  deflate.end();
  await done;
  const size = Buffer.byteLength(head) + block.length * times + Buffer.byteLength(tail);
  return { data: Buffer.concat(out), crc, size };
}

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

/**
 * A local file header (30 bytes) or central directory entry (46 bytes): its signature, then from `at` the fields
 * both share (version needed, flags, method, time, date, CRC-32, sizes, name length); the rest stays zero.
 */
function entryHeader(length: number, signature: number, at: number, entry: ZipEntry, size: number, nameLength: number): Buffer {
  const header = Buffer.alloc(length);
  header.writeUInt32LE(signature, 0);
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(entry.crc >>> 0, at + 10);
  header.writeUInt32LE(entry.data.length, at + 14);
  header.writeUInt32LE(size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
  return header;
}

/** A zip of deflated entries; `declaredSize` (when given) is the lie written as every uncompressed size. */
function zip(entries: ZipEntry[], declaredSize?: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = declaredSize ?? entry.size;
    const local = entryHeader(30, 0x04034b50, 4, entry, size, name.length);
    const central = entryHeader(46, 0x02014b50, 6, entry, size, name.length);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

async function plainEntry(name: string, text: string): Promise<ZipEntry> {
  const { data, crc, size } = await deflateRepeated(true, text, '', 0, '');
  return { name, data, crc, size };
}

/** A .docx whose word/document.xml unpacks to about `megabytes` MB of paragraphs. */
export async function docxBomb(megabytes: number, options: { lieAboutSize?: boolean } = {}): Promise<Buffer> {
  const paragraph = '<w:p><w:r><w:t>All work and no play makes a dull document. </w:t></w:r></w:p>';
  const chunk = paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length));
  const document = await deflateRepeated(
    true,
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    chunk,
    megabytes,
    '</w:body></w:document>',
  );
  return zip(
    [
      await plainEntry('[Content_Types].xml', CONTENT_TYPES),
      await plainEntry('_rels/.rels', RELS),
      { name: 'word/document.xml', ...document },
    ],
    options.lieAboutSize ? 1000 : undefined,
  );
}

/** A PDF from numbered objects (the first is the catalog), with a correct cross-reference table. */
function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** `pages` pages that all draw the one content stream `content` (object 3) with font object 4. */
function pagesSharingOneStream(pages: number, content: Buffer, streamDictionary = ''): Buffer {
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>';
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    Buffer.concat([Buffer.from(`<< /Length ${content.length}${streamDictionary} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from({ length: pages }, () => page),
  ]);
}

const textLines = (lines: number) =>
  Buffer.from(
    `BT /F1 10 Tf 72 760 Td 12 TL ${Array.from({ length: lines }, (_, i) => `(Line ${i} of a page that every page shares.) '`).join(' ')} ET`,
  );

/** The 8 MB PDF of 50,000 pages that share one content stream. */
export function pdfManyPages(pages = 50_000): Buffer {
  return pagesSharingOneStream(pages, textLines(3));
}

/** Few pages (under the page cap), each drawing the same long text: far more text than an order takes. */
export function pdfMuchText(pages = 400): Buffer {
  return pagesSharingOneStream(pages, textLines(60));
}

/** One page whose content stream is deflated: `megabytes` MB of spaces once inflated. */
export async function pdfFlateBomb(megabytes: number): Promise<Buffer> {
  const stream = await deflateRepeated(false, 'BT /F1 10 Tf 72 760 Td (Hello) Tj ET\n', ' '.repeat(1024 * 1024), megabytes, '\n');
  return pagesSharingOneStream(1, stream.data, ' /Filter /FlateDecode');
}
