/**
 * Only the first word of the holder's name is shown where a person is greeted
 * ("Hola, María" for "MARÍA ELENA"): less personal data on screen, and the way the
 * product has always addressed people.
 */

/** The first word of a name, capitalised as a name ("MARÍA ELENA" → "María"); '' when none. */
export function firstWord(name: unknown): string {
  if (typeof name !== 'string') return '';
  const word = name.trim().split(/\s+/)[0] ?? '';
  if (!word) return '';
  return word.charAt(0).toLocaleUpperCase('es-PE') + word.slice(1).toLocaleLowerCase('es-PE');
}

/** The holder's first name from the flow context, under whichever key the product's service used. */
export function holderFirstName(context: Record<string, unknown>): string {
  for (const key of ['nombreTitular', 'nombres', 'nombre']) {
    const word = firstWord(context[key]);
    if (word) return word;
  }
  return '';
}
