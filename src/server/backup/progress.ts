// Progress for an operator at a terminal: one line rewritten in place on standard error.
// Quiet when standard error is not a terminal (cron, logs, tests).

export interface Progress {
  /** Replaces the progress line. */
  show(line: string): void;
  /** Ends the progress line (the next output starts on a new line). */
  end(): void;
}

export const quietProgress: Progress = { show() {}, end() {} };

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return quietProgress;
  let shown = false;
  return {
    show(line) {
      const width = Math.max(20, (stream.columns || 80) - 1);
      stream.write(`\r\x1b[K${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
      shown = true;
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
