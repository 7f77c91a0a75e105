/** Query keys of the categories list. */
export const categoryKeys = {
  all: ['categories'] as const,
};
