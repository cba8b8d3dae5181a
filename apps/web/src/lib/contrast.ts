import { darken, lighten, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG AA for normal text is 4.5:1; a little above it, so rounding in a browser cannot dip below. */
export const AA = 4.6;

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The first shade from `from` onward, towards shade 9, that reaches AA against a light `on`, else
 * shade 9 darkened in 5 % steps until it does (orange, green, yellow and lime never reach it on
 * their own tint, green-9 not even on white).
 */
export function readableShade(shades: MantineColorsTuple, from: number, on: string): string {
  for (let i = from; i < shades.length; i++) if (contrastRatio(shades[i]!, on) >= AA) return shades[i]!;
  let colour = shades[9];
  for (let step = 0.05; contrastRatio(colour, on) < AA && step < 1; step += 0.05)
    colour = darken(shades[9], step);
  return colour;
}

/**
 * The dark scheme's counterpart: the first shade from `from` back towards shade 0 that reaches AA
 * against a dark `on`, else shade 0 lightened in 5 % steps until it does.
 */
export function readableShadeOnDark(shades: MantineColorsTuple, from: number, on: string): string {
  for (let i = from; i >= 0; i--) if (contrastRatio(shades[i]!, on) >= AA) return shades[i]!;
  let colour = shades[0];
  for (let step = 0.05; contrastRatio(colour, on) < AA && step < 1; step += 0.05)
    colour = lighten(shades[0], step);
  return colour;
}
