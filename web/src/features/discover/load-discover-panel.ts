/** The discover panel, for the shell to load lazily (it is not shown on every screen). */
export const loadDiscoverPanel = () =>
  import('./DiscoverPanel').then((module) => module.DiscoverPanel);
