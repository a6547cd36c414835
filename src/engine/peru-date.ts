/**
 * Dates as Peruvian applicants read them, on screens and in documents: `25/11/2027`
 * (day/month/year, two digits each). Service answers carry ISO dates (`2027-11-25`, or a
 * full timestamp); anything else is shown as it came rather than guessed at.
 */

/** `2027-11-25` (or `2027-11-25T…`) → `25/11/2027`; any other text unchanged. */
export function peruDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}
