/**
 * Every step view id a flow may name. The web runtime's view registry implements exactly
 * these (a test there checks it); the linter rejects any other name with a "did you mean".
 */
export const VIEW_IDS = [
  'form',
  'phases',
  'simulator',
  'offers',
  'questions',
  'token',
  'biometrics',
  'documents',
  'upload',
  'summary',
  'bank-details',
  'letter',
  'message',
  'loading',
] as const;

export type ViewId = (typeof VIEW_IDS)[number];

/** A name a flow wrote is one of the view ids. */
export function isViewId(name: string): name is ViewId {
  return (VIEW_IDS as readonly string[]).includes(name);
}
