// How a figure moved against the period before, in words for a card: '+3 on the 30 days before'.
export function changeLabel(
  current: number,
  previous: number,
  format: (n: number) => string,
  days: number,
): string {
  const diff = current - previous;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  return `${sign}${format(Math.abs(diff))} on the ${days} days before`;
}

export const changeColour = (current: number, previous: number, goodWhenUp: boolean) =>
  current === previous ? 'dimmed' : current > previous === goodWhenUp ? 'teal' : 'red';
