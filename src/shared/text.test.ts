import { describe, expect, it } from 'vitest';
import { hasUncleanText, isCleanText } from './text';

describe('isCleanText', () => {
  it('refuses a NUL and a lone surrogate of either half, anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'a\ud83d', '\udc00b', '\ude00\ud83d', '😀'.slice(1)]) expect(isCleanText(text), JSON.stringify(text)).toBe(false);
  });

  it('takes every whole character: astral, combining, right-to-left, other controls', () => {
    for (const text of ['', 'Åse', '𝔎😀👩‍👧', 'e\u0301', 'שלום', '\u0001\t\n\u007f', '\uffff', '\ud800\udc00']) expect(isCleanText(text), JSON.stringify(text)).toBe(true);
  });
});

describe('hasUncleanText', () => {
  it('looks into arrays, objects and keys at any depth, and past bytes and non-text', () => {
    expect(hasUncleanText({ a: [1, null, true, { b: 'ok' }] })).toBe(false);
    expect(hasUncleanText({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(hasUncleanText({ 'k\ud800': 1 })).toBe(true);
    expect(hasUncleanText(Object.assign(Object.create(null) as object, { id: 'a\u0000' }))).toBe(true);
    expect(hasUncleanText(new Uint8Array([0, 0]))).toBe(false);
    expect(hasUncleanText(undefined)).toBe(false);
  });

  it('looks 10,000 levels deep, as JSON.parse reads them, without overflowing the stack', () => {
    const deep = (inner: unknown) => JSON.parse(`${'{"a":['.repeat(10_000)}${JSON.stringify(inner)}${']}'.repeat(10_000)}`) as unknown;
    expect(hasUncleanText(deep('ok'))).toBe(false);
    expect(hasUncleanText(deep('x\u0000'))).toBe(true);
  });
});
