/** The little of jsdom the docs tests use (DOMPurify runs on a jsdom window there: it does not support happy-dom). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
