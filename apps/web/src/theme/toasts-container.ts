// The toasts' container with its transitions, in a chunk of its own (see toasts.tsx).
export { Notifications } from '@mantine/notifications';
