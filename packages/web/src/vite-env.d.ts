/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional API origin; empty means the page's own origin. */
  readonly VITE_API_URL?: string;
}
