/**
 * LIKE patterns from what someone typed into a search: its %, _ and \ taken as themselves (escaped
 * with LIKE's default escape character), so "50%" finds "50%", not every name with "50" in it.
 */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches a text that holds `text` anywhere. */
export const containing = (text: string) => `%${literal(text)}%`;

/** Matches a text that begins with `text`. */
export const beginningWith = (text: string) => `${literal(text)}%`;
