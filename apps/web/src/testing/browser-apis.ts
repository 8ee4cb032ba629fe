// Browser features jsdom lacks and Mantine uses (mantine.dev/guides/vitest). Import before rendering.

// Tests ask for reduced motion, so Mantine's transitions (menus, collapses) finish at once.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
