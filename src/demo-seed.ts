/** The demo business lives in src/demo (one part per domain); these are its entry points. */
export { DEMO, seedDemo, seedIfEmpty } from './demo';
