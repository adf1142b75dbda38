/** Figures a benchmark measures, and how they are printed. */

export type Target = {
  /** Human-readable, e.g. "< 20 ms". */
  text: string;
  met: boolean;
};

export type Figure = {
  metric: string;
  value: number | string;
  unit?: string;
  /** Digits after the point for numeric values (default 1). */
  digits?: number;
  target?: Target;
  note?: string;
};

export type BenchmarkResult = {
  name: string;
  title: string;
  /** How the load was generated, printed under the title. */
  setup: string[];
  figures: Figure[];
};

function formatValue(figure: Figure): string {
  const value =
    typeof figure.value === 'number'
      ? Number.isFinite(figure.value)
        ? figure.value.toLocaleString('en-US', {
            minimumFractionDigits: figure.digits ?? 1,
            maximumFractionDigits: figure.digits ?? 1,
          })
        : 'n/a'
      : figure.value;
  if (!figure.unit) return value;
  return figure.unit === '%' ? `${value}%` : `${value} ${figure.unit}`;
}

export function below(value: number, limit: number, unit: string): Target {
  return { text: `< ${limit.toLocaleString('en-US')} ${unit}`, met: value < limit };
}

/** A plain-text table with a header row and left/right aligned columns. */
function table(headers: string[], rows: string[][], alignRight: boolean[] = []): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        alignRight[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

function targetCells(figure: Figure): [string, string] {
  if (!figure.target) return ['', ''];
  return [figure.target.text, figure.target.met ? 'yes' : 'NO'];
}

export function printResult(result: BenchmarkResult): void {
  const lines = [`${result.title}  [${result.name}]`];
  for (const line of result.setup) lines.push(`  ${line}`);
  lines.push('');
  const rows = result.figures.map((figure) => [
    figure.metric,
    formatValue(figure),
    ...targetCells(figure),
    figure.note ?? '',
  ]);
  lines.push(
    table(['Metric', 'Value', 'Target', 'Met', 'Note'], rows, [false, true, false, false, false]),
  );
  console.log(`${lines.join('\n')}\n`);
}

export function printSummary(results: BenchmarkResult[]): void {
  const rows: string[][] = [];
  for (const result of results) {
    for (const figure of result.figures) {
      if (!figure.target) continue;
      rows.push([result.name, figure.metric, formatValue(figure), ...targetCells(figure)]);
    }
  }
  if (rows.length === 0) return;
  console.log('Targets');
  console.log(table(['Benchmark', 'Metric', 'Value', 'Target', 'Met'], rows, [false, false, true]));
  console.log('');
}
