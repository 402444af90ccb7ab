/**
 * HTML → Markdown, locally (SPEC Part A "Other tools"): the readable content first. Scripts,
 * styles, navigation, forms and other page chrome are dropped; `<main>` (or a lone
 * `<article>`) is preferred over the whole body; links and images are made absolute; tables
 * become Markdown tables.
 */
import domino, { type DominoDocument, type DominoElement } from '@mixmark-io/domino';
import TurndownService from 'turndown';

/** Never content: code, styling, embedded objects, interactive controls. */
const ALWAYS_DROP =
  'script, style, noscript, template, iframe, object, embed, svg, canvas, link, meta, form, button, input, select, textarea, dialog';
/** Page chrome: navigation and side panels, wherever they are. */
const CHROME = 'nav, aside, [role="navigation"], [role="complementary"], [role="search"], [aria-hidden="true"], [hidden]';
/** Site header and footer, dropped when the whole body is used. */
const BODY_CHROME = 'body > header, body > footer, [role="banner"], [role="contentinfo"]';

/** A converted page. */
export interface MarkdownPage {
  /** The document's `<title>`, trimmed ('' when none). */
  title: string;
  markdown: string;
}

/**
 * Convert an HTML document to Markdown.
 * @param baseUrl the page's URL, for making relative links absolute
 */
export function htmlToMarkdown(html: string, baseUrl?: string): MarkdownPage {
  const doc = domino.createDocument(html);
  const title = (doc.title ?? '').replace(/\s+/g, ' ').trim();
  const root = readableRoot(doc);
  for (const el of [...Array.from(root.querySelectorAll(ALWAYS_DROP)), ...Array.from(root.querySelectorAll(CHROME))]) el.remove();
  if (baseUrl) absolutize(root, baseUrl);
  const markdown = turndown()
    .turndown(root as never)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, markdown };
}

/** `<main>`, else `[role=main]`, else a single `<article>`, else the body without its header and footer. */
function readableRoot(doc: DominoDocument): DominoElement {
  const main = doc.querySelector('main') ?? doc.querySelector('[role="main"]');
  if (main) return main;
  const articles = doc.querySelectorAll('article');
  if (articles.length === 1) return articles[0];
  const body = doc.body ?? doc.documentElement;
  for (const el of Array.from(body.querySelectorAll(BODY_CHROME))) el.remove();
  return body;
}

function absolutize(root: DominoElement, baseUrl: string): void {
  const fix = (el: DominoElement, attr: string) => {
    const value = el.getAttribute(attr);
    if (!value) return;
    if (/^data:/i.test(value)) return void el.remove(); // inline images are bytes, not content
    try {
      el.setAttribute(attr, new URL(value, baseUrl).href);
    } catch {
      el.removeAttribute(attr);
    }
  };
  for (const a of Array.from(root.querySelectorAll('a[href]'))) fix(a, 'href');
  for (const img of Array.from(root.querySelectorAll('img[src]'))) fix(img, 'src');
}

function turndown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  // Links that lead nowhere the model can follow add only noise.
  service.addRule('plainLinks', {
    filter: (node) => node.nodeName === 'A' && /^(javascript:|#|$)/i.test((node as unknown as DominoElement).getAttribute('href') ?? ''),
    replacement: (content) => content,
  });
  service.addRule('listItems', { filter: 'li', replacement: (content, node) => listItem(content, node as unknown as DominoElement) });
  service.addRule('tables', { filter: ['table'], replacement: (_content, node) => tableToMarkdown(node as unknown as DominoElement) });
  return service;
}

/** `- item` / `3. item`, continuation lines indented under the text (turndown pads markers to 4). */
function listItem(content: string, li: DominoElement): string {
  const parent = li.parentNode as DominoElement | null;
  let marker = '- ';
  if (parent?.nodeName === 'OL') {
    const start = Number(parent.getAttribute('start') ?? 1) || 1;
    marker = `${start + Array.prototype.indexOf.call(parent.children, li)}. `;
  }
  const body = content
    .replace(/^\n+/, '')
    .replace(/\n+$/, '\n')
    .replace(/\n(?=.)/g, `\n${' '.repeat(marker.length)}`);
  const next = (li as unknown as { nextSibling: unknown }).nextSibling;
  return marker + body + (next && !body.endsWith('\n') ? '\n' : '');
}

/** A table as a Markdown table: the first row is the header; cells are one line, pipes escaped. */
function tableToMarkdown(table: DominoElement): string {
  const rows = Array.from(table.querySelectorAll('tr')).map((tr) =>
    Array.from(tr.children)
      .filter((c) => c.tagName === 'TD' || c.tagName === 'TH')
      .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')),
  );
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (!width) return '';
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [head, ...body] = rows;
  return `\n\n${[line(head), line(Array(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
}
