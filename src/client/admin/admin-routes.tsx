/**
 * The back office's routes (SPEC.md §2 "Admin routes"), each behind the admin guard with the roles
 * of admin-nav.ts. Spread into the app's one route table (routes.tsx).
 */
import { type ComponentType, lazy } from 'react';
import { Navigate, Route } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@/shared/staff';
import { AdminGuard } from './AdminGuard';
import { ADMIN_ONLY, ORDER_READERS, SUPPORT_DESK } from './admin-nav';

/** The production floor's pages (issue 23) are guarded already; until they exist the address is not found. */
const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];

interface AdminPage {
  path: string;
  roles: readonly StaffRole[];
  page: ComponentType;
  /** Every staff member's own second factor: reachable before it is passed, or no one could pass it. */
  twoFactorPage?: boolean;
}

const PAGES: AdminPage[] = [
  { path: '/admin/dashboard', roles: ADMIN_ONLY, page: lazy(() => import('./dashboard/DashboardPage')) },
  { path: '/admin/two-factor-setup', roles: STAFF_ROLES, twoFactorPage: true, page: lazy(() => import('./two-factor/TwoFactorSetupPage')) },
  { path: '/admin/two-factor-verification', roles: STAFF_ROLES, twoFactorPage: true, page: lazy(() => import('./two-factor/TwoFactorVerificationPage')) },
  { path: '/admin/performance', roles: ADMIN_ONLY, page: lazy(() => import('./performance/PerformancePage')) },
  { path: '/admin/users', roles: ADMIN_ONLY, page: lazy(() => import('./people/PeoplePage')) },
  { path: '/admin/users/:id', roles: ADMIN_ONLY, page: lazy(() => import('./people/PersonPage')) },
  { path: '/admin/resellers', roles: ADMIN_ONLY, page: lazy(() => import('./resellers/ResellersPage')) },
  { path: '/admin/resellers/:id', roles: ADMIN_ONLY, page: lazy(() => import('./resellers/ResellerPage')) },
  { path: '/admin/orders', roles: ORDER_READERS, page: lazy(() => import('./money/OrdersPage')) },
  { path: '/admin/orders/:id', roles: ORDER_READERS, page: lazy(() => import('./money/OrderPage')) },
  { path: '/admin/invoices', roles: ADMIN_ONLY, page: lazy(() => import('./money/InvoicesPage')) },
  { path: '/admin/prices', roles: ADMIN_ONLY, page: lazy(() => import('./money/PricesPage')) },
  { path: '/admin/support', roles: SUPPORT_DESK, page: lazy(() => import('./support/SupportInboxPage')) },
  { path: '/admin/support/:id', roles: SUPPORT_DESK, page: lazy(() => import('./support/SupportThreadPage')) },
  // Issue 23: codes, packages and the scanner (qr/).
  { path: '/admin/qr', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/CodeSearchPage')) },
  { path: '/admin/qr-scanner', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/ScannerPage')) },
  { path: '/admin/qr-packages', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackagesPage')) },
  { path: '/admin/qr-packages/:id', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackagePage')) },
  { path: '/admin/qr-packages/:id/qr-codes', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackageCodesPage')) },
  ...['/production'].map((path) => ({ path, roles: PRODUCTION_FLOOR, page: lazy(() => import('../not-found/NotFoundPage')) })),
  // The warehouse (issue 23): in the back office, and full screen for the packing table's tablet.
  { path: '/admin/warehouse-scanner', roles: PRODUCTION_FLOOR, page: lazy(() => import('./warehouse/WarehouseScannerPage')) },
  { path: '/warehouse-scan', roles: PRODUCTION_FLOOR, page: lazy(() => import('./warehouse/WarehouseScanPage')) },
];

export const adminRoutes = [
  // SPEC.md: /admin, /admin-dashboard and /admin/dashboard are one dashboard.
  <Route key="/admin" path="/admin" element={<Navigate to="/admin/dashboard" replace />} />,
  <Route key="/admin-dashboard" path="/admin-dashboard" element={<Navigate to="/admin/dashboard" replace />} />,
  <Route key="/admin/contact-messages" path="/admin/contact-messages" element={<Navigate to="/admin/support" replace />} />,
  ...PAGES.map(({ path, roles, page: Page, twoFactorPage }) => (
    <Route
      key={path}
      path={path}
      element={
        <AdminGuard roles={roles} twoFactorPage={twoFactorPage}>
          <Page />
        </AdminGuard>
      }
    />
  )),
];
