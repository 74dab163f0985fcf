/**
 * CSV for spreadsheets (RFC 4180 quoting), safe against formula injection: a text cell that starts with =, +,
 * -, @, a tab or a carriage return is prefixed with ' so Excel, Numbers and Sheets show it as text instead of
 * running it (OWASP "CSV Injection"). Amounts the code writes (`Amount`, a negative refund such as -29.00) are
 * numbers, not text, and stay numbers; every other cell, such as a name someone typed, is text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** An amount in cents, written as a plain decimal number of the currency's unit: 2465 -> 24.65. */
export class Amount {
  constructor(readonly cents: number) {
    if (!Number.isSafeInteger(cents)) throw new Error(`cents must be whole, got ${cents}`);
  }
  toString(): string {
    const abs = Math.abs(this.cents);
    return `${this.cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
}

export type Cell = string | Amount | null;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (value instanceof Amount) return value.toString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
