/**
 * Stripe's request encoding (application/x-www-form-urlencoded with brackets: `a[b][0][c]=1`), as
 * the stand-in reads it (stripe-stand-in.ts). Numeric keys make arrays. `qs` is not a dependency
 * of the app, and this is all the stand-in needs.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const [head, ...rest] = rawKey.split('[');
    const keys = [head!, ...rest.map((k) => k.replace(/\]$/, ''))];
    let node: Record<string, FormValue> | FormValue[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, FormValue>;
      const k = key === '' && Array.isArray(node) ? String(node.length) : key;
      if (last) {
        container[k] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[i + 1]!);
      if (container[k] === undefined) container[k] = nextIsIndex ? [] : {};
      node = container[k] as Record<string, FormValue>;
    });
  }
  return root;
}

/** A string field of a parsed form ('' when absent). */
export const str = (v: FormValue | undefined): string => (typeof v === 'string' ? v : '');

/** A whole number field of a parsed form (NaN when absent). */
export const int = (v: FormValue | undefined): number =>
  typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;

/** An object field (metadata, price_data…), {} when absent. */
export const obj = (v: FormValue | undefined): Record<string, FormValue> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};

/** An array field (line_items, expand[]), [] when absent. */
export const arr = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : [];

/** Metadata as Stripe answers it: strings only. */
export const metadataOf = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).map(([k, x]) => [k, str(x)]));
