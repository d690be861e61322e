// CSV files the app hands the user to save: a report to fix, a template to fill.

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Saves the rows as a CSV file of that name (CRLF line ends, fields quoted where they must be). */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]) {
  const blob = new Blob([rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
