const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u00AB\u00BB\u2033\u301D\u301E]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032]/g;
const SPACES = /[\u00A0\u2007\u202F]/g;

/**
 * The form in which patch context is compared with file lines (SPEC Part B §15.3): NFC,
 * Unicode dashes and minus as `-`, curly and angle double quotes as `"`, curly single quotes
 * as `'`, non-breaking spaces as spaces, and backslash-escaped quotes and backticks
 * unescaped — the things models change when they copy code.
 */
export function canonicalize(line: string): string {
  return line
    .normalize('NFC')
    .replace(DASHES, '-')
    .replace(DOUBLE_QUOTES, '"')
    .replace(SINGLE_QUOTES, "'")
    .replace(SPACES, ' ')
    .replace(/\\([`'"])/g, '$1');
}
