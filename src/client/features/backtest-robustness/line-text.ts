/** A fitted straight line as text: "0.08 - 1.00 × in sample", its signs written once. */
export function lineText(intercept: number | null, slope: number | null, variable: string): string {
  const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  if (slope === null) return `${ratio(intercept)} + — × ${variable}`;
  const magnitude = Math.abs(slope).toFixed(2);
  // A slope that rounds to zero reads "+ 0.00", not "- 0.00".
  const sign = slope < 0 && Number(magnitude) !== 0 ? '-' : '+';
  return `${ratio(intercept)} ${sign} ${magnitude} × ${variable}`;
}
