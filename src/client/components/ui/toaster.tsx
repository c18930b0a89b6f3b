/**
 * Where the toasts from lib/toast.ts appear. Most visits never see one, so Radix Toast (and the
 * rest of toast-stack.tsx) loads when the first toast is shown, and then stays: its live region
 * and the F8 landmark are there whenever a toast is.
 */
import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/client/lib/toast';

const ToastStack = lazy(() => import('./toast-stack'));

export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  // Set while rendering (React's pattern for state derived from a change): no frame without the stack.
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
