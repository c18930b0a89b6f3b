/**
 * The back office's routes (SPEC.md §2 "Admin routes"), each behind the admin guard with the roles
 * of admin-nav.ts. Spread into the app's one route table (routes.tsx).
 */
import { type ComponentType, lazy } from 'react';
import { Navigate, Route } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@/shared/staff';
import { AdminGuard } from './AdminGuard';
import { ADMIN_ONLY, ORDER_READERS, PRODUCTION_FLOOR, SUPPORT_DESK } from './admin-nav';


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
  // Issue 25: the AI extras' tries, what the providers answered, and a try run again.
  { path: '/admin/ai', roles: SUPPORT_DESK, page: lazy(() => import('./ai/AiGenerationsPage')) },
  { path: '/admin/support', roles: SUPPORT_DESK, page: lazy(() => import('./support/SupportInboxPage')) },
  { path: '/admin/support/:id', roles: SUPPORT_DESK, page: lazy(() => import('./support/SupportThreadPage')) },
  // Issue 23: codes, packages and the scanner (qr/).
  { path: '/admin/qr', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/CodeSearchPage')) },
  { path: '/admin/qr-scanner', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/ScannerPage')) },
  { path: '/admin/qr-packages', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackagesPage')) },
  { path: '/admin/qr-packages/:id', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackagePage')) },
  { path: '/admin/qr-packages/:id/qr-codes', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr/PackageCodesPage')) },
  // The warehouse (issue 23): in the back office, and full screen for the packing table's tablet.
  { path: '/admin/warehouse-scanner', roles: PRODUCTION_FLOOR, page: lazy(() => import('./warehouse/WarehouseScannerPage')) },
  { path: '/warehouse-scan', roles: PRODUCTION_FLOOR, page: lazy(() => import('./warehouse/WarehouseScanPage')) },
  // The production queue and the laser (issue 23 items 5 and 7); /production is the floor's full screen.
  { path: '/admin/qr-production', roles: PRODUCTION_FLOOR, page: lazy(() => import('./production/QrProductionPage')) },
  { path: '/production', roles: PRODUCTION_FLOOR, page: lazy(() => import('./production/FloorPage')) },
  { path: '/admin/laser-engraving', roles: PRODUCTION_FLOOR, page: lazy(() => import('./production/LaserEngravingPage')) },
  // Issue 23: a package's exports (qr-export/).
  { path: '/admin/qr-export', roles: PRODUCTION_FLOOR, page: lazy(() => import('./qr-export/ExportPage')) },
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
