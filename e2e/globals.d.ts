// window.dataLayer as the web app's tag-manager hook fills it (read in browser tests).
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export {};
