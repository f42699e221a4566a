/**
 * The width a chart's value axis needs for its longest tick label: recharts does not measure it
 * (its default of 60 px cuts `3.400.000` or `60.000 $`), and the label depends on the language's
 * grouping. Axis ticks are 12 px Inter, about 7.5 px a character; Mantine moves them 10 px away.
 */
export function axisWidth(labels: readonly string[]): number {
  const longest = Math.max(1, ...labels.map((label) => label.length));
  return Math.ceil(longest * 7.5) + 14;
}

/** A round top tick above `max`, as recharts picks one (1, 2, 2.5, 5 or 10 times a power of 10). */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}
