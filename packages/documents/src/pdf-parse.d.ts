// pdf-parse 1.x ships no types. Its `lib/` entry is imported directly: the package's index.js
// runs a debug self-test (reading a sample PDF) when it is the main module.
declare module 'pdf-parse/lib/pdf-parse.js' {
  interface PdfParseResult {
    text: string;
    numpages: number;
  }
  export default function pdfParse(data: Uint8Array, options?: Record<string, unknown>): Promise<PdfParseResult>;
}
