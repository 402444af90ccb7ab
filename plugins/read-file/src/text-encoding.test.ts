import { describe, expect, it } from 'vitest';
import { createDecoder, detectEncoding, isValidUtf8 } from './text-encoding.js';

const detect = (bytes: Buffer, ext = '.txt', complete = true) => detectEncoding({ head: bytes, complete }, ext);

describe('detectEncoding', () => {
  it('reads UTF-8 (and ASCII) as utf8', async () => {
    expect((await detect(Buffer.from('hello'))).name).toBe('utf8');
    expect((await detect(Buffer.from('héllo wörld'))).name).toBe('utf8');
  });

  it('follows byte-order marks', async () => {
    expect(await detect(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ name: 'utf8', bom: 3, asciiCompatible: true });
    expect(await detect(Buffer.from([0xff, 0xfe, 0x61, 0]))).toEqual({ name: 'utf-16le', bom: 2, asciiCompatible: false });
    expect(await detect(Buffer.from([0xfe, 0xff, 0, 0x61]))).toEqual({ name: 'utf-16be', bom: 2, asciiCompatible: false });
  });

  it('detects Latin-1 text and decodes it', async () => {
    const bytes = Buffer.from('Ça va? Où est la gare? Très bien, café crème.\n'.repeat(3), 'latin1');
    const encoding = await detect(bytes);
    expect(encoding.name).not.toBe('utf8');
    expect((await createDecoder(encoding))(bytes)).toContain('Où est la gare? Très bien, café crème.');
  });

  it('falls back to windows-1252 for 8-bit text jschardet cannot name', async () => {
    const bytes = Buffer.from('Grüße aus Köln, schöne Straße\n'.repeat(3), 'latin1');
    const encoding = await detect(bytes);
    expect((await createDecoder(encoding))(bytes)).toContain('Grüße aus Köln');
  });

  it('refuses NUL bytes with the baseline sentence and advice', async () => {
    const error = await detect(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), '.so').catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'QUIVER_ERR_FILE_BINARY' });
    expect((error as Error).message).toMatch(/^Cannot read text for file type: \.so\. The file contains NUL bytes/);
    expect((error as Error).message).toContain('execute_command');
  });

  it('names a file without an extension in the refusal', async () => {
    await expect(detect(Buffer.from([0, 0, 0]), '')).rejects.toThrow('Cannot read text for file type: (no extension)');
  });

  it('checks the whole buffer for UTF-8 when it has it', async () => {
    const full = Buffer.concat([Buffer.from('ascii head\n'), Buffer.from('d\xe9j\xe0 vu\n', 'latin1')]);
    const encoding = await detectEncoding({ head: full.subarray(0, 5), full, complete: true }, '.txt');
    expect(encoding.name).not.toBe('utf8');
    expect((await createDecoder(encoding))(full)).toContain('déjà vu');
  });
});

describe('isValidUtf8', () => {
  it('accepts a multi-byte character cut at the end of a partial sample only', () => {
    const cut = Buffer.from('aé').subarray(0, 2);
    expect(isValidUtf8(cut, true)).toBe(true);
    expect(isValidUtf8(cut, false)).toBe(false);
  });
});
