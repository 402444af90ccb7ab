import { describe, expect, it } from 'vitest';
import { applyModelContentFixes } from './apply-model-content-fixes.js';

// SPEC §16.x.3
describe('applyModelContentFixes', () => {
  it.each(['claude-3-5-sonnet-20241022', 'claude-opus', 'anthropic.claude-v2'])('leaves Claude (%s) content unchanged', (id) => {
    expect(applyModelContentFixes('x &gt; 5\uFFFD', id, 'a.ts')).toBe('x &gt; 5\uFFFD');
  });

  it.each(['gemini-2.5-pro', 'deepseek-chat', 'gpt-4', undefined])('decodes entities for %s', (id) => {
    expect(applyModelContentFixes('x &gt; 5', id, 'a.ts')).toBe('x > 5');
  });

  it('decodes all five entities once, in order', () => {
    expect(applyModelContentFixes('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&lt;', 'gpt-4', 'a.html')).toBe('<a href="x">\'&<');
    expect(applyModelContentFixes('&amp;lt;', 'gpt-4', 'a.txt')).toBe('&lt;');
  });

  it.each(['a.xml', 'a.XML', 'a.Xml'])('keeps entities in %s', (path) => {
    expect(applyModelContentFixes('&lt;test&gt;', 'gpt-4', path)).toBe('&lt;test&gt;');
  });

  it('decodes in myxml.txt', () => {
    expect(applyModelContentFixes('&lt;test&gt;', 'gpt-4', 'myxml.txt')).toBe('<test>');
  });

  it('removes U+FFFD, also in .xml', () => {
    expect(applyModelContentFixes('test\uFFFDdata', 'gpt-4', 'a.ts')).toBe('testdata');
    expect(applyModelContentFixes('test\uFFFDdata', undefined, 'a.xml')).toBe('testdata');
  });
});
