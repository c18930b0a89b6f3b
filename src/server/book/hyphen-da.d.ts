/** The hyphen package ships no types; this is the part of hyphen/da the book uses. */
declare module 'hyphen/da/index.js' {
  interface HyphenateOptions {
    /** Inserted at each break point; U+00AD (soft hyphen) unless told otherwise. */
    hyphenChar?: string;
    /** Words shorter than this are left whole (5 unless told otherwise). */
    minWordLength?: number;
  }
  const danish: { hyphenateSync(text: string, options?: HyphenateOptions): string };
  export default danish;
}
