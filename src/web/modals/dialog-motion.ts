/**
 * How the site's dialogs open: the mask fades in; the dialog itself appears in place.
 *
 * antd's default opening zoom draws the dialog at full size for a frame, then restarts it at
 * a fifth of its size and grows it for 0.3 s. A press on a button in that time starts on the
 * button and ends where the growing dialog has moved it away, so the browser sends the click
 * to their common parent and the button never hears it: the applicant's "Aceptar" is lost and
 * the dialog stays. Without the zoom the buttons are where they stay from the first frame.
 */
export const DIALOG_TRANSITION = '';
