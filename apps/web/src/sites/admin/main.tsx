/**
 * The staff console's entry (decision 034). It imports nothing statically: everything the console runs loads from
 * here on demand, so none of its code is 'initial' and nothing of it joins the shell file ('app') that the member
 * sites load first. The cost is one request more on the console's own first load.
 */
import('./start-admin').catch(() => {
  const boot = document.getElementById('fh-boot');
  if (boot) boot.textContent = 'The staff console failed to load. Refresh the page to try again.';
});
