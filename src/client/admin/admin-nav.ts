/**
 * The back office's sections in one list (PRODUCT.md "Back office"), with who may open each: the
 * nav shows a person only their own, and the route table guards each page with the same roles.
 */
import { Activity, Inbox, LayoutDashboard, type LucideIcon, ReceiptText, ShieldCheck, ShoppingBag, Store, Tags, Users, Warehouse } from 'lucide-react';
import { Package, QrCode, ScanLine } from 'lucide-react';
import { STAFF_ROLES, type StaffRole } from '@/shared/staff';

export interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
  roles: readonly StaffRole[];
}

export const ADMIN_ONLY: readonly StaffRole[] = ['admin'];
export const SUPPORT_DESK: readonly StaffRole[] = ['admin', 'support'];
/** As server/money/admin-routes.ts: support and production read orders, production and admins move them along; only admins touch money. */
export const ORDER_READERS: readonly StaffRole[] = ['admin', 'support', 'production'];
export const ORDER_MOVERS: readonly StaffRole[] = ['admin', 'production'];
/** The warehouse's packing table: production staff and admins, as server/production/warehouse-routes.ts. */
export const WAREHOUSE_ROLES: readonly StaffRole[] = ['admin', 'production'];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/dashboard', label: 'Overblik', icon: LayoutDashboard, roles: ADMIN_ONLY },
  { to: '/admin/users', label: 'Personer', icon: Users, roles: ADMIN_ONLY },
  { to: '/admin/resellers', label: 'Forhandlere', icon: Store, roles: ADMIN_ONLY },
  { to: '/admin/orders', label: 'Ordrer', icon: ShoppingBag, roles: ORDER_READERS },
  { to: '/admin/invoices', label: 'Fakturaer', icon: ReceiptText, roles: ADMIN_ONLY },
  { to: '/admin/prices', label: 'Priser', icon: Tags, roles: ADMIN_ONLY },
  // Issue 23: the production floor's codes, packages and scanner.
  { to: '/admin/qr', label: 'QR-koder', icon: QrCode, roles: ['admin', 'production'] },
  { to: '/admin/qr-packages', label: 'QR-pakker', icon: Package, roles: ['admin', 'production'] },
  { to: '/admin/qr-scanner', label: 'Scanner', icon: ScanLine, roles: ['admin', 'production'] },
  { to: '/admin/warehouse-scanner', label: 'Lager', icon: Warehouse, roles: WAREHOUSE_ROLES },
  { to: '/admin/support', label: 'Support', icon: Inbox, roles: SUPPORT_DESK },
  { to: '/admin/performance', label: 'Drift', icon: Activity, roles: ADMIN_ONLY },
  { to: '/admin/two-factor-setup', label: 'Totrinsbekræftelse', icon: ShieldCheck, roles: STAFF_ROLES },
];

export const sectionsFor = (role: string) => ADMIN_SECTIONS.filter((section) => role === 'admin' || (section.roles as readonly string[]).includes(role));
