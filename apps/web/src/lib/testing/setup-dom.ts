/**
 * What jsdom lacks and Mantine needs. Import it first in a DOM test:
 *   import '../lib/testing/setup-dom.ts';
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}

// jsdom prints "Not implemented" for these.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

export {};
