// The logger's JSON lines of each test in the file, kept for the test to read instead of printed.
import { afterEach, beforeEach, vi } from 'vitest';
import { logger } from '../../functions/adapters/logger.ts';

export function useCapturedLogs() {
  const logs = { lines: [] as string[] };
  beforeEach(() => {
    logs.lines = [];
    const capture = (chunk: string | Uint8Array) => {
      logs.lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    logger.setLogLevel('INFO');
  });
  afterEach(() => {
    logger.setLogLevel('SILENT');
    vi.restoreAllMocks();
  });
  return logs;
}
