// CSV files the app hands the user to save: a report to fix, a template to fill. Their cells go through the same
// guard as the standings export: a text a spreadsheet would run as a formula is neutralised (an uploaded file's
// login in the report of refused lines is anyone's text).
import { csvLine } from '#domain/scoring/standings-csv.ts';
import { saveFile } from './save-file';

/** Saves the rows as a CSV file of that name (CRLF line ends, fields quoted where they must be). */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]) {
  saveFile(new Blob([rows.map(csvLine).join('')], { type: 'text/csv;charset=utf-8' }), fileName);
}
