/**
 * Button's asChild does Radix Slot's merge itself (so pages need not load Radix for it): these
 * pin down that the link keeps its own props and handlers, and gets the button's look and refs.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

/** Renders Button and its Slot one level down, as React would, and returns the element they made. */
function resolve(element: ReactElement): ReactElement<Record<string, unknown>> {
  const slot = (element.type as (props: unknown) => ReactElement)(element.props);
  return (slot.type as (props: unknown) => ReactElement<Record<string, unknown>>)(slot.props);
}

describe('Button asChild', () => {
  it('draws the child with the button classes before its own, and without a <button>', () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="secondary" aria-label="Til forsiden">
        <a href="/" className="ekstra">
          Forside
        </a>
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*>Forside<\/a>$/);
    expect(html).toContain('href="/"');
    expect(html).toContain('aria-label="Til forsiden"');
    expect(html).toMatch(/ class="inline-flex [^"]*border-input\/70[^"]* ekstra"/);
    expect(html).not.toContain('<button');
  });

  it("keeps the child's own props where both set one", () => {
    const html = renderToStaticMarkup(
      <Button asChild title="fra knappen">
        <a href="/priser" title="fra linket">
          Priser
        </a>
      </Button>,
    );
    expect(html).toContain('title="fra linket"');
  });

  it("runs the child's handler and then the button's", () => {
    const calls: string[] = [];
    const element = resolve(
      <Button asChild onClick={() => calls.push('knap')}>
        <a href="/" onClick={() => calls.push('link')}>
          Forside
        </a>
      </Button>,
    );
    (element.props.onClick as () => void)();
    expect(calls).toEqual(['link', 'knap']);
  });

  it('gives the element to both refs', () => {
    const outer = vi.fn();
    const inner = { current: null as unknown };
    const element = resolve(
      <Button asChild ref={outer}>
        <a href="/" ref={inner as never}>
          Forside
        </a>
      </Button>,
    );
    const node = { tagName: 'A' };
    (element.props.ref as (node: unknown) => void)(node);
    expect(outer).toHaveBeenCalledWith(node);
    expect(inner.current).toBe(node);
  });

  it('is a plain type="button" without asChild', () => {
    expect(renderToStaticMarkup(<Button>Gem</Button>)).toMatch(/^<button type="button" class="inline-flex [^"]*">Gem<\/button>$/);
  });
});
