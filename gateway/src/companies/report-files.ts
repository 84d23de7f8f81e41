import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/** A column of a downloaded report: its Hebrew header, its value of a row, and (XLSX) its width and number format. */
export interface ReportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  width?: number;
  numFmt?: string;
}

export type ReportFormat = 'csv' | 'xlsx';
export const REPORT_FORMATS: readonly ReportFormat[] = ['csv', 'xlsx'];

/** A text a spreadsheet would read as a formula (=, +, -, @ first) is kept as text. */
const safeText = (value: string | number | null): string | number | null =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** CSV with a byte-order mark, so that Excel reads the Hebrew as UTF-8. */
function csvOf<Row>(columns: ReportColumn<Row>[], rows: Row[]): Buffer {
  const text = stringify([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => safeText(c.value(row)) ?? ''))], { bom: true, record_delimiter: 'windows' });
  return Buffer.from(text, 'utf8');
}

/** One right-to-left sheet, its header row bold and frozen, numbers as numbers. */
async function xlsxOf<Row>(columns: ReportColumn<Row>[], rows: Row[], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MedCanna';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => safeText(c.value(row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The report as a file of `format`, with its content type. */
export async function reportFile<Row>(format: ReportFormat, columns: ReportColumn<Row>[], rows: Row[], sheetName: string): Promise<{ body: Buffer; type: string }> {
  return format === 'csv'
    ? { body: csvOf(columns, rows), type: 'text/csv; charset=utf-8' }
    : { body: await xlsxOf(columns, rows, sheetName), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
