/** SPEC §2: links starting with http open in a new tab. Only http(s) addresses count as external. */
export const isExternalHref = (href: string): boolean => /^https?:\/\//i.test(href);

/** Addresses from settings that may be rendered as links at all: web pages and mail. */
export const isLinkableHref = (href: string): boolean =>
  isExternalHref(href) || /^mailto:[^\s]+$/i.test(href);
