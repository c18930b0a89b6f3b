/** Everything inside the router, the same in the browser (main.tsx) and on the server (prerender.tsx). */
import { Toaster } from './components/ui/toaster';
import { ConsentBanner } from './consent/ConsentBanner';
import { AppRoutes } from './routes';

export function App() {
  return (
    <>
      <AppRoutes />
      <ConsentBanner />
      <Toaster />
    </>
  );
}
