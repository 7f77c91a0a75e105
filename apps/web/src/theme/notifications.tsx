import '@mantine/notifications/styles.css';

// The toasts' container, loaded after the first screen: toasts queued before it mounts still show
// (they live in @mantine/notifications' store, which the entry keeps).
export { Notifications } from '@mantine/notifications';
