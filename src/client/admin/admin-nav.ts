/**
 * The back office's sections in one list (PRODUCT.md "Back office"), with who may open each: the
 * nav shows a person only their own, and the route table guards each page with the same roles.
 */
import { Activity, Download, Factory, Inbox, LayoutDashboard, type LucideIcon, Package, QrCode, ReceiptText, ScanLine, ShieldCheck, ShoppingBag, Sparkles, Store, Tags, Users, Warehouse, Zap } from 'lucide-react';
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
/** The production floor (issue 23): production staff and admins, as the server's calls. */
export const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/dashboard', label: 'Overblik', icon: LayoutDashboard, roles: ADMIN_ONLY },
  { to: '/admin/users', label: 'Personer', icon: Users, roles: ADMIN_ONLY },
  { to: '/admin/resellers', label: 'Forhandlere', icon: Store, roles: ADMIN_ONLY },
  { to: '/admin/orders', label: 'Ordrer', icon: ShoppingBag, roles: ORDER_READERS },
  { to: '/admin/invoices', label: 'Fakturaer', icon: ReceiptText, roles: ADMIN_ONLY },
  { to: '/admin/prices', label: 'Priser', icon: Tags, roles: ADMIN_ONLY },
  { to: '/admin/ai', label: 'AI', icon: Sparkles, roles: SUPPORT_DESK },
  // The production floor (issue 23): codes, packages, exports, scanners, the queue and the laser.
  { to: '/admin/qr', label: 'QR-koder', icon: QrCode, roles: PRODUCTION_FLOOR },
  { to: '/admin/qr-packages', label: 'QR-pakker', icon: Package, roles: PRODUCTION_FLOOR },
  { to: '/admin/qr-export', label: 'Eksport', icon: Download, roles: PRODUCTION_FLOOR },
  { to: '/admin/qr-scanner', label: 'Scanner', icon: ScanLine, roles: PRODUCTION_FLOOR },
  { to: '/admin/warehouse-scanner', label: 'Lager', icon: Warehouse, roles: PRODUCTION_FLOOR },
  { to: '/admin/qr-production', label: 'Produktion', icon: Factory, roles: PRODUCTION_FLOOR },
  { to: '/admin/laser-engraving', label: 'Lasergravering', icon: Zap, roles: PRODUCTION_FLOOR },
  { to: '/admin/support', label: 'Support', icon: Inbox, roles: SUPPORT_DESK },
  { to: '/admin/performance', label: 'Drift', icon: Activity, roles: ADMIN_ONLY },
  { to: '/admin/two-factor-setup', label: 'Totrinsbekræftelse', icon: ShieldCheck, roles: STAFF_ROLES },
];

export const sectionsFor = (role: string) => ADMIN_SECTIONS.filter((section) => role === 'admin' || (section.roles as readonly string[]).includes(role));
