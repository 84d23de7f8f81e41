import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { reportFile, type ReportColumn } from './report-files';

type Row = { name: string; price: number | null; note: string };
const columns: ReportColumn<Row>[] = [
  { header: 'מוצר', value: (r) => r.name },
  { header: 'מחיר (₪)', value: (r) => (r.price === null ? null : r.price / 100), numFmt: '0.00' },
  { header: 'הערה', value: (r) => r.note },
];
const rows: Row[] = [
  { name: 'גרינמד "קלאסיק", 20%', price: 12_990, note: 'שורה\nשנייה' },
  { name: 'אור', price: null, note: '=HYPERLINK("x")' },
];

describe('company report files', () => {
  it('CSV: a byte-order mark for Excel, Hebrew headers, quoted fields, a formula kept as text', async () => {
    const { body, type } = await reportFile('csv', columns, rows, 'דוח');
    expect(type).toBe('text/csv; charset=utf-8');
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = parse(body.toString('utf8'), { bom: true }) as string[][];
    expect(parsed).toEqual([
      ['מוצר', 'מחיר (₪)', 'הערה'],
      ['גרינמד "קלאסיק", 20%', '129.9', 'שורה\nשנייה'],
      ['אור', '', `'=HYPERLINK("x")`],
    ]);
  });

  it('XLSX: one right-to-left sheet, the header frozen, numbers as numbers', async () => {
    const { body } = await reportFile('xlsx', columns, rows, 'דוח מלאי');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('דוח מלאי')!;
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'מוצר', 'מחיר (₪)', 'הערה']);
    expect(sheet.getRow(2).getCell(2).value).toBe(129.9);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.rowCount).toBe(3);
  });
});
