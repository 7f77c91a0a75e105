// index.html carries a prerendered copy of `/` (the player login) in each language, so a phone paints
// it before the app's JavaScript arrives. It is shown only at `/` (any other address waits for the
// app), in the language the app will choose there (src/i18n/languages.ts, chooseLanguage without a
// room): the player's own choice on this device, else the browser's when it is one of ours, else
// English. A plain script, run before the body is parsed: the app's code is not here yet.
(() => {
  if (location.pathname !== '/') return;
  const meta = document.querySelector('meta[name="playshop-languages"]');
  const ours = meta ? meta.content.split(' ') : ['en'];
  let chosen = null;
  try {
    chosen = localStorage.getItem('playshop.language');
  } catch {
    // storage blocked: the browser's language decides
  }
  if (!ours.includes(chosen)) {
    const primaries = (navigator.languages || [navigator.language]).map(
      (tag) => String(tag).toLowerCase().split('-')[0],
    );
    chosen = primaries.find((primary) => ours.includes(primary)) || 'en';
  }
  document.documentElement.setAttribute('data-prerendered-route', chosen);
})();
