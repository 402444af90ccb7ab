/**
 * PDF (pdf-parse) and Word (mammoth) documents as text. Each library is imported only when a
 * document of its kind is read.
 */

/** The text of a PDF. */
export async function pdfText(data: Buffer): Promise<string> {
  const { default: pdfParse } = await import('pdf-parse/lib/pdf-parse.js');
  // pdf.js 1.10 slices `data.buffer` from 0, ignoring the view's offset, and fails with "bad
  // XRef entry" on a Buffer: a fresh Uint8Array owns its memory from offset 0.
  return (await pdfParse(new Uint8Array(data))).text;
}

/** The raw text of a Word (.docx) document. */
export async function docxText(data: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  return (await (mammoth.default ?? mammoth).extractRawText({ buffer: data })).value;
}
