// Everything of Mantine's stylesheet that the first screen does not use (see first-paint-styles.ts),
// and the toasts' container with its transitions. Loaded right after the first render; toasts queued
// before it mounts still show (they live in @mantine/notifications' store, which the entry keeps).
// Mantine's rules sit in a CSS layer, so the order in which the two stylesheets arrive does not
// matter, and the app's own rules (unlayered) win over them either way.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
