/**
 * Excel workbooks (.xlsx) as text, as the baseline shows them: `--- Sheet: <name> ---` per
 * visible sheet, one tab-separated line per row with content, a blank line between sheets,
 * and no more than 50,000 rows per sheet. ExcelJS is imported only when a workbook is read.
 */
import type { Cell, CellValue, Worksheet } from 'exceljs';

/** Rows read per sheet; later rows are replaced by a marker. */
export const MAX_SHEET_ROWS = 50_000;

/** One cell's text: formula results, dates as YYYY-MM-DD, rich text joined, links with their URL. */
export function formatCellValue(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('error' in value) return `[Error: ${value.error}]`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return `${formatCellValue(value.text as CellValue)} (${value.hyperlink})`;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: CellValue }).result;
    if (result !== undefined && result !== null) return formatCellValue(result);
    return `[Formula: ${(value as { formula?: string }).formula ?? (value as { sharedFormula?: string }).sharedFormula}]`;
  }
  return String(value);
}

/** The lines of one sheet: header, rows with content, the row-limit marker if reached. */
function sheetText(sheet: Worksheet): string {
  let text = `--- Sheet: ${sheet.name} ---\n`;
  let stoppedAt = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (stoppedAt) return;
    if (rowNumber > MAX_SHEET_ROWS) {
      stoppedAt = rowNumber;
      text += `[... truncated at row ${rowNumber} ...]\n`;
      return;
    }
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell: Cell) => void cells.push(formatCellValue(cell.value)));
    if (cells.some((c) => c.trim() !== '')) text += `${cells.join('\t')}\n`;
  });
  return `${text}\n`;
}

/** The text of a workbook's visible sheets. */
export async function workbookText(data: Buffer): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  let text = '';
  workbook.eachSheet((sheet) => {
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') return;
    text += sheetText(sheet);
  });
  return text.trim();
}
