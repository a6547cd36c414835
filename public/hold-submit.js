/*
 * Every form of the site is sent by its scripts (they listen at #root and call the service).
 * A prerendered first screen is on screen before those scripts run: pressing its button or
 * Enter then would make the browser send the fields itself, in the address (an applicant's
 * DNI, a promoter's password). So no form is ever sent natively; the scripts' own submit
 * handlers still run. A file, not inline: the Content-Security-Policy admits no inline script.
 */
document.addEventListener(
  'submit',
  function (event) {
    event.preventDefault();
  },
  true,
);
