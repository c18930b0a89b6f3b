/** Everything inside the router, the same in the browser (start-app.tsx) and on the server (prerender.tsx). */
import { AppRoutes } from './routes';

export function App() {
  return <AppRoutes />;
}
