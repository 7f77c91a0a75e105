// index.html carries a prerendered copy of `/` (the player login) so a phone paints it before the
// app's JavaScript arrives. It is shown only at `/`: any other address waits for the app instead.
if (location.pathname === '/') document.documentElement.setAttribute('data-prerendered-route', '');
