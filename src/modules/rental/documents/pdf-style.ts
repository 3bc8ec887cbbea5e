/** The page geometry and colours of the rental documents (US Letter, 612 x 792 points). */
export const LEFT = 50;
export const RIGHT = 562;
export const WIDTH = RIGHT - LEFT;
/** The lowest y a row may reach before the footer. */
export const BOTTOM = 742;
export const INK = '#1a1a1a';
export const GREY = '#555555';
export const SHADE = '#f0f2f5';

const formats = new Map<string, Intl.NumberFormat>();

/** "1234.5" in USD -> "$1,234.50" (en-US grouping; the currency's own symbol or code). */
export function money(amount: string, currency: string): string {
  let f = formats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 });
    formats.set(currency, f);
  }
  return f.format(Number(amount));
}
