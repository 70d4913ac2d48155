import { lazy } from 'react';

/** Every screen is its own chunk, so a public page never downloads the dashboard, admin or checkout. */
export const pages = {
  marketingHome: lazy(() => import('@client/features/public-site/marketing-home-page')),
  customerHome: lazy(() => import('@client/features/dashboard/customer-home-page')),
  about: lazy(() => import('@client/features/public-site/about-page')),
  services: lazy(() => import('@client/features/public-site/services-page')),
  blog: lazy(() => import('@client/features/public-site/blog-page')),
  blogPost: lazy(() => import('@client/features/public-site/blog-post-page')),
  contact: lazy(() => import('@client/features/public-site/contact-page')),
  helpCenter: lazy(() => import('@client/features/public-site/help-center-page')),
  privacyPolicy: lazy(() => import('@client/features/public-site/privacy-policy-page')),
  termsOfService: lazy(() => import('@client/features/public-site/terms-of-service-page')),
  checkNow: lazy(() => import('@client/features/submissions/check-now-page')),
  login: lazy(() => import('@client/features/auth/login-page')),
  signIn: lazy(() => import('@client/features/auth/sign-in-page')),
  signUp: lazy(() => import('@client/features/auth/sign-up-page')),
  authSuccess: lazy(() => import('@client/features/auth/auth-success-page')),
  dashboard: lazy(() => import('@client/features/dashboard/dashboard-page')),
  settings: lazy(() => import('@client/features/settings/settings-page')),
  admin: lazy(() => import('@client/features/admin/admin-page')),
  checkout: lazy(() => import('@client/features/checkout/checkout-page')),
  notFound: lazy(() => import('@client/features/errors/not-found-page')),
};
