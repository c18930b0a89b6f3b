import { type ComponentProps, type CSSProperties, type Ref, cloneElement, isValidElement } from 'react';
import { cn } from '@/client/lib/cn';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-sans font-semibold leading-tight whitespace-nowrap ' +
  'transition-colors duration-150 select-none cursor-pointer ' +
  'focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ' +
  '[&_svg]:size-5 [&_svg]:shrink-0';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover disabled:hover:bg-primary',
  secondary:
    'border border-input/70 bg-card text-foreground shadow-xs hover:bg-secondary hover:border-input disabled:hover:bg-card',
  quiet: 'text-foreground hover:bg-secondary',
  link: 'text-gold-text underline decoration-gold/60 underline-offset-4 hover:decoration-gold-text px-0! min-h-11',
  destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
} as const;

const sizes = {
  md: 'min-h-12 px-5 text-base',
  lg: 'min-h-14 px-7 text-lg',
  sm: 'min-h-11 px-4 text-sm',
  icon: 'size-12 p-0',
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Renders the child (a link) with the button's look, as shadcn's asChild does. */
  asChild?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

type Props = Record<string, unknown> & { className?: string; style?: CSSProperties; ref?: Ref<unknown> };

function composeRefs(...refs: (Ref<unknown> | undefined)[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Radix Slot's merge in a few lines, so a page whose only "button" is a link does not load Radix
 * for it: the child keeps its own props, gets the button's class before its own, and both
 * handlers run (the child's first); refs reach both.
 */
function Slot({ children, ...slot }: Props & { children?: unknown }) {
  if (!isValidElement<Props>(children)) return null;
  const child = children.props;
  const merged: Props = { ...slot, ...child };
  for (const [key, value] of Object.entries(slot)) {
    const own = child[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        own(...args);
        value(...args);
      };
    }
  }
  merged.className = cn(slot.className, child.className);
  if (slot.style || child.style) merged.style = { ...slot.style, ...child.style };
  if (slot.ref && child.ref) merged.ref = composeRefs(slot.ref, child.ref);
  return cloneElement(children, merged);
}

export function Button({ variant = 'primary', size = 'md', asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClass(variant, size, className)} {...props} />;
  return <button type={type ?? 'button'} className={buttonClass(variant, size, className)} {...props} />;
}
