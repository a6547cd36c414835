/**
 * The filling of a text's `{name}` placeholders, apart from the text table (which only a build
 * can load): the runtime's texts and the path tests' readings fill them the same way.
 */
import { peruDate } from '../../engine/peru-date.ts';

/** Fills `{name}` placeholders; unknown names stay as written so the gap is visible. */
export function interpolate(text: string, vars?: Record<string, unknown>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined || value === null) return whole;
    // A date from the service (`2027-11-25`) reads as applicants write it: 25/11/2027.
    if (typeof value === 'string') return peruDate(value);
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  });
}
