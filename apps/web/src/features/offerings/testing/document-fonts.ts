// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to. Import before rendering.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
