// mvdan-sh ships no types; `load-parser.ts` narrows the import to `MvdanSyntax`.
declare module 'mvdan-sh';
