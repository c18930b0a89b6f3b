/**
 * The back office's routes (SPEC.md §2 "Admin routes"), each behind the admin guard with the roles
 * of admin-nav.ts. Spread into the app's one route table (routes.tsx).
 */
import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@/shared/staff';
import { AdminGuard } from './AdminGuard';
import { ADMIN_ONLY } from './admin-nav';

const NotFoundPage = lazy(() => import('../not-found/NotFoundPage'));
const TwoFactorSetupPage = lazy(() => import('./two-factor/TwoFactorSetupPage'));
const TwoFactorVerificationPage = lazy(() => import('./two-factor/TwoFactorVerificationPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const PerformancePage = lazy(() => import('./performance/PerformancePage'));

/** The production floor's pages (issue 23) are guarded already; until they exist the address is not found. */
const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];

export const adminRoutes = [
  // SPEC.md: /admin, /admin-dashboard and /admin/dashboard are one dashboard.
  <Route key="/admin" path="/admin" element={<Navigate to="/admin/dashboard" replace />} />,
  <Route key="/admin-dashboard" path="/admin-dashboard" element={<Navigate to="/admin/dashboard" replace />} />,
  <Route
    key="/admin/dashboard"
    path="/admin/dashboard"
    element={
      <AdminGuard roles={ADMIN_ONLY}>
        <DashboardPage />
      </AdminGuard>
    }
  />,
  <Route
    key="/admin/performance"
    path="/admin/performance"
    element={
      <AdminGuard roles={ADMIN_ONLY}>
        <PerformancePage />
      </AdminGuard>
    }
  />,
  <Route key="/admin/contact-messages" path="/admin/contact-messages" element={<Navigate to="/admin/support" replace />} />,
  // Every staff member's own second factor: reachable before it is passed, or no one could pass it.
  <Route
    key="/admin/two-factor-setup"
    path="/admin/two-factor-setup"
    element={
      <AdminGuard roles={STAFF_ROLES} twoFactorPage>
        <TwoFactorSetupPage />
      </AdminGuard>
    }
  />,
  <Route
    key="/admin/two-factor-verification"
    path="/admin/two-factor-verification"
    element={
      <AdminGuard roles={STAFF_ROLES} twoFactorPage>
        <TwoFactorVerificationPage />
      </AdminGuard>
    }
  />,
  ...['/warehouse-scan', '/production'].map((path) => (
    <Route
      key={path}
      path={path}
      element={
        <AdminGuard roles={PRODUCTION_FLOOR}>
          <NotFoundPage />
        </AdminGuard>
      }
    />
  )),
];
