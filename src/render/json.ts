// The JSON report: the report object as is, stable key order, no colour, nothing else on stdout.
export function renderJson(report: object): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
