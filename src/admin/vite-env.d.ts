/// <reference types="vite/client" />

/** Set by the Medusa admin bundler: the backend's base URL, or undefined for same origin. */
declare const __BACKEND_URL__: string | undefined
