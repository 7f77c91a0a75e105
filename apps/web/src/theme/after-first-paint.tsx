// Everything of Mantine's stylesheet that the first screen does not use (see first-paint-styles.ts),
// the toasts' included. Loaded right after the first render (main.tsx). Mantine's rules sit in a CSS
// layer, so the order in which the two stylesheets arrive does not matter, and the app's own rules
// (unlayered) win over them either way.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
