/**
 * Every route of the client in one table (SPEC.md §2). Pages load lazily; while one loads the
 * whole screen says "Indlæser...". A path not listed here shows the not-found page.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HIDDEN_REGISTER_PATH } from '@/shared/constants';
import { FullScreenLoader } from './components/layout/FullScreenLoader';
import { OnNavigate } from './components/layout/OnNavigate';

const pages = {
  home: () => import('./home/HomePage'),
  login: () => import('./auth/LoginPage'),
  register: () => import('./auth/RegisterPage'),
  hiddenRegister: () => import('./auth/HiddenRegisterPage'),
  resetPassword: () => import('./auth/ResetPasswordPage'),
  profile: () => import('./profile/ProfilePage'),
  qrInfo: () => import('./qr-info/QrInfoPage'),
  notFound: () => import('./not-found/NotFoundPage'),
};

const HomePage = lazy(pages.home);
const LoginPage = lazy(pages.login);
const RegisterPage = lazy(pages.register);
const HiddenRegisterPage = lazy(pages.hiddenRegister);
const ResetPasswordPage = lazy(pages.resetPassword);
const ProfilePage = lazy(pages.profile);
const QrInfoPage = lazy(pages.qrInfo);
const NotFoundPage = lazy(pages.notFound);

/**
 * Fetches the other pages' code once the first page is showing and the browser is idle, so moving
 * between pages later does not flash the loading screen.
 */
export function prefetchPages() {
  const load = () => Object.values(pages).forEach((page) => void page().catch(() => {}));
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 4000 });
  else setTimeout(load, 2000);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <OnNavigate />
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/qr-scan/:code/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/qr-register" element={<RegisterPage />} />
        <Route path="/hidden-register" element={<Navigate to={HIDDEN_REGISTER_PATH} replace />} />
        <Route path={HIDDEN_REGISTER_PATH} element={<HiddenRegisterPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/qr-info" element={<QrInfoPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
