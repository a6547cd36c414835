/**
 * What a phone user would trip over on a page at 375 px, for the screenshot script and the
 * browser suite (tests/e2e/a11y.spec.ts): a page wider than the screen (sideways scrolling),
 * and tap targets under 44 × 44 px (WCAG 2.5.5): buttons, links that stand alone, radio and
 * checkbox rows (the label that wraps a choice is its target) and file pickers. A link stretched
 * over its card (an absolute `::after`, as the home page's product cards) is measured as the
 * card. Exempt: links inside a sentence (words of their own beside them, WCAG 2.5.8 "inline"),
 * a slider's handle (the simulator's amount is typed in the field above it, the "equivalent"
 * control) and the sandbox marker, which the public site has not.
 */
import type { Page } from '@playwright/test';

/** One line per problem (`button "Aceptar" 86×32`); an empty list is a clean page. `scope`: the part to measure (a dialog). */
export async function phoneProblems(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      problems.push(`page ${doc.scrollWidth}px wide in a ${doc.clientWidth}px screen`);
    const root = document.querySelector(scope) ?? document.body;
    const targets = new Set<Element>();
    for (const el of root.querySelectorAll(
      'button, [role="button"], a[href], input[type="checkbox"], input[type="radio"], input[type="file"], [role="radio"], [role="checkbox"], [role="switch"]',
    )) {
      if (el.closest('.sandbox-ribbon')) continue;
      const inSentence = Array.from(el.parentElement?.childNodes ?? []).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && inSentence) continue;
      const stretched = el.tagName === 'A' && getComputedStyle(el, '::after').position === 'absolute';
      targets.add(el.closest('label') ?? (stretched ? (el as HTMLElement).offsetParent : null) ?? el);
    }
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        problems.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return problems;
  }, scope);
}
