/*
 * Every form of the site is sent by its scripts (they listen at #root and call the service).
 * A prerendered first screen is on screen before those scripts run: pressing its button or
 * Enter then would make the browser send the fields itself, in the address (an applicant's
 * DNI, a promoter's password). So a submission that no script took (none called
 * preventDefault on its way up) is stopped here, and its form marked `data-held-submit`: the
 * runtime sends it once it owns the form (`useTypedBeforeHydration`). A file, not inline: the
 * Content-Security-Policy admits no inline script.
 */
window.addEventListener('submit', function (event) {
  if (event.defaultPrevented) return;
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) event.target.setAttribute('data-held-submit', '');
});
