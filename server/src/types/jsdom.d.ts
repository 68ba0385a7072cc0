// What the server uses of jsdom (a window for DOMPurify). @types/jsdom pulls DOM typings into the server's
// program, which changes Node's own types (fetch bodies) there.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
