/**
 * Every route of the client in one table (SPEC.md §2). Pages load lazily; while one loads the
 * whole screen says "Indlæser...". The service worker keeps every page's code once the site has
 * been visited (public/sw.js), so that is rarely seen. A path not listed here shows the
 * not-found page.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { HIDDEN_REGISTER_PATH } from '@/shared/constants';
import { adminRoutes } from './admin/admin-routes';
import { FullScreenLoader } from './components/layout/FullScreenLoader';
import { OnNavigate } from './components/layout/OnNavigate';

const HomePage = lazy(() => import('./home/HomePage'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));
const HiddenRegisterPage = lazy(() => import('./auth/HiddenRegisterPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const LoginLinkPage = lazy(() => import('./auth/LoginLinkPage'));
const ProfilePage = lazy(() => import('./profile/ProfilePage'));
const QrInfoPage = lazy(() => import('./qr-info/QrInfoPage'));
const QrScanPage = lazy(() => import('./qr/QrScanPage'));
const QrEmailRegisterPage = lazy(() => import('./auth/QrEmailRegisterPage'));
const SetupPage = lazy(() => import('./auth/SetupPage'));
const InvitationPage = lazy(() => import('./memorials/invitation/InvitationPage'));
const QrSetupPage = lazy(() => import('./qr/QrSetupPage'));
const QrLinkingPage = lazy(() => import('./qr/QrLinkingPage'));
const DualMemorialPage = lazy(() => import('./qr/DualMemorialPage'));
const NotFoundPage = lazy(() => import('./not-found/NotFoundPage'));
const PricingPage = lazy(() => import('./pricing/PricingPage'));
const ContactPage = lazy(() => import('./contact/ContactPage'));
const PrivacyPage = lazy(() => import('./legal/PrivacyPage'));
const DataRequestPage = lazy(() => import('./legal/DataRequestPage'));
const AccountDeletionPage = lazy(() => import('./legal/AccountDeletionPage'));
const TermsPage = lazy(() => import('./legal/TermsPage'));
const CookiesPage = lazy(() => import('./legal/CookiesPage'));
const ResellerTermsPage = lazy(() => import('./legal/ResellerTermsPage'));
const ResellerRegisterPage = lazy(() => import('./resellers/ResellerRegisterPage'));
const ResellerDashboardPage = lazy(() => import('./resellers/ResellerDashboardPage'));
const SubscriptionPage = lazy(() => import('./money/SubscriptionPage'));
const SubscriptionSuccessPage = lazy(() => import('./money/SubscriptionSuccessPage'));
const OrdersPage = lazy(() => import('./money/OrdersPage'));
const InvoicePaymentPage = lazy(() => import('./money/InvoicePaymentPage'));
const InvoicePaymentSuccessPage = lazy(() => import('./money/InvoicePaymentSuccessPage'));
const MemorialPage = lazy(() => import('./memorials/MemorialPage'));
const CreateMemorialPage = lazy(() => import('./memorials/create/CreateMemorialPage'));
const GuidedCreatePage = lazy(() => import('./memorials/create/GuidedCreatePage'));
const BlankCreatePage = lazy(() => import('./memorials/create/BlankCreatePage'));
const TemplateCreatePage = lazy(() => import('./memorials/create/TemplateCreatePage'));
const EditMemorialPage = lazy(() => import('./memorials/edit/EditMemorialPage'));
const EditImagePage = lazy(() => import('./memorials/edit-image/EditImagePage'));
const MemorialAdminPage = lazy(() => import('./memorials/admin/MemorialAdminPage'));
const MusicPage = lazy(() => import('./music/MusicPage'));
const GreetingPage = lazy(() => import('./ai/GreetingPage'));
const SongPage = lazy(() => import('./ai/SongPage'));
const FamilyTreePage = lazy(() => import('./family-tree/FamilyTreePage'));
const TestMemorialPage = lazy(() => import('./memorials/demo/TestMemorialPage'));
const GalleryDemoPage = lazy(() => import('./memorials/demo/GalleryDemoPage'));
const ThemeTestPage = lazy(() => import('./memorials/demo/ThemeTestPage'));
const QrRedirect = lazy(() => import('./routing/QrRedirect'));
const SlugRedirect = lazy(() => import('./routing/SlugRedirect'));
const PostDecisionPage = lazy(() => import('./notifications/PostDecisionPage'));
const UnsubscribePage = lazy(() => import('./notifications/UnsubscribePage'));
const SupportReplyPage = lazy(() => import('./support/SupportReplyPage'));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      {/* Outside the boundary below, which is new on every address: it must see the address change. */}
      <OnNavigate />
      {/*
        A fresh boundary for every address: Preact's would stay empty if the page it waits for is
        left before its code arrives (docs/decisions/0010-preact.md, tests/e2e/back-before-load.test.ts).
      */}
      <Suspense key={pathname} fallback={<FullScreenLoader />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/qr-scan/:code/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/qr-register" element={<RegisterPage />} />
          <Route path="/hidden-register" element={<Navigate to={HIDDEN_REGISTER_PATH} replace />} />
          <Route path={HIDDEN_REGISTER_PATH} element={<HiddenRegisterPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/login/:token" element={<LoginLinkPage />} />
          <Route path="/support/reply/:token" element={<SupportReplyPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/qr-info" element={<QrInfoPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/cookies" element={<CookiesPage />} />
          <Route path="/gdpr-data-request" element={<DataRequestPage />} />
          {/* The link in the e-mail that confirms deleting one's own account (legal/AccountDeletionSection). */}
          <Route path="/gdpr-data-request/slet/:token" element={<AccountDeletionPage />} />
          <Route path="/reseller-terms" element={<ResellerTermsPage />} />
          <Route path="/reseller-register" element={<ResellerRegisterPage />} />
          <Route path="/reseller-dashboard" element={<ResellerDashboardPage />} />
          <Route path="/subscription" element={<SubscriptionPage />} />
          <Route path="/subscription/success" element={<SubscriptionSuccessPage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/invoice-payment/:id" element={<InvoicePaymentPage />} />
          <Route path="/invoice-payment-success" element={<InvoicePaymentSuccessPage />} />
          <Route path="/memorial/:id" element={<MemorialPage />} />
          {/* The memorial a stone's code is linked to, by the code: a private page's own address carries its name. */}
          <Route path="/memorial/qr/:id" element={<MemorialPage byCode />} />
          <Route path="/memorial/qr/:code/dual" element={<DualMemorialPage />} />
          {/* By id or by slug: the in-app notifications link to /memorial/{slug}/admin. */}
          <Route path="/memorial/:id/admin" element={<MemorialAdminPage />} />
          <Route path="/memorial/:id/music" element={<MusicPage />} />
          {/* The AI extras the family bought, made on these pages (ai/). */}
          <Route path="/memorial/:id/greeting" element={<GreetingPage />} />
          <Route path="/memorial/:id/song" element={<SongPage />} />
          <Route path="/classic-memorial/:id" element={<MemorialPage layout="classic" />} />
          <Route path="/enhanced-memorial/:id" element={<MemorialPage layout="enhanced" />} />
          <Route path="/create-memorial" element={<CreateMemorialPage />} />
          <Route path="/create-memorial/guided" element={<GuidedCreatePage />} />
          <Route path="/create-memorial/blank" element={<BlankCreatePage />} />
          <Route path="/create-memorial/template" element={<TemplateCreatePage />} />
          <Route path="/edit-memorial/:slug" element={<EditMemorialPage />} />
          <Route path="/edit-image/:id" element={<EditImagePage />} />
          <Route path="/family-tree/:id" element={<FamilyTreePage />} />
          <Route path="/test-memorial" element={<TestMemorialPage />} />
          <Route path="/gallery-demo" element={<GalleryDemoPage />} />
          <Route path="/theme-test" element={<ThemeTestPage />} />
          <Route path="/qr/:code" element={<QrRedirect />} />
          <Route path="/qr-scan/:code" element={<QrScanPage />} />
          <Route path="/qr-setup/:code" element={<QrSetupPage />} />
          <Route path="/qr-linking/:code" element={<QrLinkingPage />} />
          <Route path="/qr-email-register" element={<QrEmailRegisterPage />} />
          <Route path="/setup/:token" element={<SetupPage />} />
          <Route path="/invitation/:token" element={<InvitationPage />} />
          <Route path="/post-decision/:token" element={<PostDecisionPage />} />
          <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
          {adminRoutes}
          {/* Static paths above rank before this one; a single unknown segment is a memorial's short address. */}
          <Route path="/:slug" element={<SlugRedirect notFound={<NotFoundPage />} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
