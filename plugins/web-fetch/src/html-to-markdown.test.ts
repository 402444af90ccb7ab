import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown.js';

describe('htmlToMarkdown', () => {
  it('lists: tight markers, ordered numbering from start, nested items indented', () => {
    const { markdown } = htmlToMarkdown(
      '<body><ol start="3"><li>three</li><li>four<ul><li>inner</li></ul></li></ol><ul><li>a</li><li>b</li></ul></body>',
    );
    expect(markdown).toBe('3. three\n4. four\n   - inner\n\n- a\n- b');
  });

  it('prefers <main> over the body, and [role=main] when there is no <main>', () => {
    expect(htmlToMarkdown('<body><p>outside</p><main><p>inside</p></main></body>').markdown).toBe('inside');
    expect(htmlToMarkdown('<body><p>outside</p><div role="main"><p>inside</p></div></body>').markdown).toBe('inside');
  });

  it('with several articles, keeps them all (the body without its chrome)', () => {
    const { markdown } = htmlToMarkdown(
      '<body><header>Logo</header><article><p>one</p></article><article><p>two</p></article><footer>f</footer></body>',
    );
    expect(markdown).toBe('one\n\ntwo');
  });

  it('drops data: images and hidden elements, keeps the title', () => {
    const page = htmlToMarkdown(
      '<html><head><title>T</title></head><body><img src="data:image/png;base64,AAAA" alt="x"><p hidden>h</p><p aria-hidden="true">a</p><p>kept</p></body></html>',
      'https://e.com/',
    );
    expect(page).toEqual({ title: 'T', markdown: 'kept' });
  });

  it('escapes pipes in table cells and pads short rows', () => {
    const { markdown } = htmlToMarkdown('<table><tr><th>a</th><th>b</th></tr><tr><td>x|y</td></tr></table>');
    expect(markdown).toBe('| a | b |\n| --- | --- |\n| x\\|y |  |');
  });
});
