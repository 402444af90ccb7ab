import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent, type ContentRequest } from './read-content.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'quiver-read-content-'))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Write `data` as `name` and read it through readContent. */
async function readAs(name: string, data: string | Buffer, options: Partial<ContentRequest> = {}) {
  const file = join(dir, name);
  await writeFile(file, data);
  const handle = await open(file, 'r');
  try {
    return await readContent({ handle, absolutePath: file, size: (await handle.stat()).size, ...options });
  } finally {
    await handle.close();
  }
}
const textOf = (blocks: Awaited<ReturnType<typeof readAs>>) => (blocks[0].type === 'text' ? blocks[0].text : '');

// --- fixtures, built byte by byte ---

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), body])));
  return Buffer.concat([head, Buffer.from(type), body, crc]);
}

/** A real RGB PNG of width × height; `pixels: false` leaves out the image data (header only). */
function png(width: number, height: number, pixels = true): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height, 0x7f);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (pixels) parts.push(chunk('IDAT', deflateSync(rows)));
  return Buffer.concat([...parts, chunk('IEND', Buffer.alloc(0))]);
}

/** A zip archive with stored (uncompressed) entries: enough for .docx. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function docx(paragraphs: string[]): Buffer {
  const ns = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${ns}"><w:body>${body}</w:body></w:document>`,
  });
}

/** A one-page PDF showing `text`, with a correct cross-reference table. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// --- tests ---

describe('images', () => {
  it('returns a PNG as "Successfully read image" and an image block', async () => {
    const data = png(3, 2);
    const blocks = await readAs('tiny.png', data);
    expect(blocks).toEqual([
      { type: 'text', text: 'Successfully read image' },
      { type: 'image', data: data.toString('base64'), mimeType: 'image/png' },
    ]);
  });

  it('refuses an image wider than 7500 px', async () => {
    await expect(readAs('wide.png', png(8000, 10, false))).rejects.toMatchObject({
      code: 'QUIVER_ERR_FILE_TOO_LARGE',
      message: expect.stringContaining('Image dimensions exceed the maximum of 7500px per side (this image is 8000x10)'),
    });
  });

  it('accepts exactly 7500 px', async () => {
    expect((await readAs('edge.png', png(7500, 1, false)))[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('says so when the model does not take images', async () => {
    expect(await readAs('tiny2.png', png(1, 1), { supportsImages: false })).toEqual([
      { type: 'text', text: 'Current model does not support image input' },
    ]);
  });

  it('reports an image whose dimensions cannot be read', async () => {
    await expect(readAs('broken.jpg', Buffer.from('not a jpeg'))).rejects.toThrow('Cannot read the dimensions of this .jpg image');
  });
});

describe('documents', () => {
  it('extracts a .docx', async () => {
    const text = textOf(await readAs('doc.docx', docx(['First paragraph', 'Second paragraph'])));
    expect(text).toMatch(/^1 \| First paragraph\n/);
    expect(text).toContain('| Second paragraph');
  });

  it('extracts a .pdf', async () => {
    expect(textOf(await readAs('doc.pdf', pdf('Hello PDF world')))).toContain('Hello PDF world');
  });

  it('empties code outputs of an .ipynb and indents its JSON by one space', async () => {
    const notebook = {
      cells: [
        { cell_type: 'markdown', metadata: {}, source: ['# Title'] },
        {
          cell_type: 'code',
          metadata: {},
          execution_count: 1,
          source: ['print(1)'],
          outputs: [{ output_type: 'stream', name: 'stdout', text: ['1\n'] }],
        },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    const text = textOf(await readAs('nb.ipynb', JSON.stringify(notebook)));
    const expected = JSON.stringify({ ...notebook, cells: [notebook.cells[0], { ...notebook.cells[1], outputs: [] }] }, null, 1);
    expect(text).toBe(
      `${expected
        .split('\n')
        .map((l, i) => `${i + 1} | ${l}`)
        .join('\n')}\n\n(File has ${expected.split('\n').length} lines total.)`,
    );
  });

  it('extracts visible sheets of an .xlsx, tab-separated, skipping empty rows', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['name', 'age']);
    sheet.addRow(['Ada', 36]);
    sheet.getRow(4).values = ['Linus', { formula: '20+1', result: 21 }];
    workbook.addWorksheet('Secret', { state: 'hidden' }).addRow(['hidden']);
    workbook.addWorksheet('Dates').addRow([new Date(Date.UTC(2024, 0, 31)), { text: 'site', hyperlink: 'https://example.com' }]);
    const text = textOf(await readAs('book.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(text).toBe(
      [
        '1 | --- Sheet: People ---',
        '2 | name\tage',
        '3 | Ada\t36',
        '4 | Linus\t21',
        '5 | ',
        '6 | --- Sheet: Dates ---',
        '7 | 2024-01-31\tsite (https://example.com)',
      ].join('\n') + '\n\n(File has 7 lines total.)',
    );
  });

  it('honours line ranges in documents', async () => {
    const text = textOf(await readAs('doc2.docx', docx(['one', 'two', 'three']), { startLine: 3, endLine: 3 }));
    expect(text).toMatch(/^3 \| two\n\n\(Showing lines 3-3 of \d+ total/);
  });

  it('refuses documents over the document limit', async () => {
    await expect(readAs('big.pdf', pdf('x'), { maxDocumentBytes: 10 })).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_TOO_LARGE' });
  });
});
