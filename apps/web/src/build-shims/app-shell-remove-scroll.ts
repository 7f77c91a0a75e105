// Mantine's AppShell header, aside and footer take one thing from react-remove-scroll: the class name
// that keeps fixed bars in place while a Modal locks the page's scroll. Importing it brings the whole
// scroll lock (~4 KB gzip) into the entry, which a player's way (login, dashboard, Join, the card) never
// uses. In the browser build (vite.config.ts) AppShell gets the same names from here; ModalBase still
// imports the real react-remove-scroll, whose scroll-bar module sets these very classes' styles.
export const RemoveScroll = {
  classNames: {
    zeroRight: 'right-scroll-bar-position',
    fullWidth: 'width-before-scroll-bar',
  },
};
