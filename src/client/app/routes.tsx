import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './layout/Layout';
import { HomePage } from '../pages/HomePage';
import { BacktestingFormPage } from '../pages/BacktestingFormPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { DETAIL_ROUTES, PATHS } from '../config/paths';

/**
 * A page loaded on its first visit, so the home page does not download the whole site's text.
 * `pick` names the page component in its module.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const listingPages = () => import('../pages/ListingPages');
const articlePages = () => import('../pages/ArticlePages');
const emailLinkPages = () => import('../pages/EmailLinkPages');

/**
 * The route table. React Router matches paths case-insensitively unless a route sets
 * `caseSensitive`, which none does: /features/Technical and /features/technical are one page.
 * Pages that later work builds are absent on purpose, so their links reach the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // While a deep link's page loads for the first time, show nothing rather than a flash.
    HydrateFallback: () => null,
    children: [
      { index: true, element: <HomePage /> },
      { path: PATHS.simulator, element: <BacktestingFormPage /> },
      { path: PATHS.login, element: <LoginPage /> },
      {
        path: PATHS.admin,
        ...lazyPage(
          () => import('../pages/AdminPage'),
          (m) => m.AdminPage,
        ),
      },
      {
        path: PATHS.forwardTests,
        ...lazyPage(
          () => import('../pages/ForwardTestsPage'),
          (m) => m.ForwardTestsPage,
        ),
      },
      {
        path: PATHS.forwardTest,
        ...lazyPage(
          () => import('../pages/ForwardTestPage'),
          (m) => m.ForwardTestPage,
        ),
      },
      {
        path: PATHS.pricing,
        ...lazyPage(
          () => import('../pages/PricingPage'),
          (m) => m.PricingPage,
        ),
      },
      {
        path: PATHS.blog,
        ...lazyPage(
          () => import('../pages/BlogPage'),
          (m) => m.BlogPage,
        ),
      },
      {
        path: PATHS.contact,
        ...lazyPage(
          () => import('../pages/ContactPage'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: PATHS.whyBacktesting,
        ...lazyPage(
          () => import('../pages/WhyBacktestingPage'),
          (m) => m.WhyBacktestingPage,
        ),
      },
      {
        path: PATHS.legal,
        ...lazyPage(
          () => import('../pages/LegalPage'),
          (m) => m.LegalPage,
        ),
      },
      {
        path: PATHS.terms,
        ...lazyPage(
          () => import('../pages/TermsPage'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: PATHS.privacy,
        ...lazyPage(
          () => import('../pages/PrivacyPolicyPage'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      { path: PATHS.research, ...lazyPage(listingPages, (m) => m.ResearchPage) },
      { path: PATHS.press, ...lazyPage(listingPages, (m) => m.PressPage) },
      { path: PATHS.technical, ...lazyPage(listingPages, (m) => m.TechnicalPage) },
      { path: PATHS.options, ...lazyPage(listingPages, (m) => m.OptionsPage) },
      { path: PATHS.fundamental, ...lazyPage(listingPages, (m) => m.FundamentalPage) },
      { path: PATHS.quantitative, ...lazyPage(listingPages, (m) => m.QuantitativePage) },
      {
        path: PATHS.support,
        ...lazyPage(
          () => import('../pages/SupportPage'),
          (m) => m.SupportPage,
        ),
      },
      {
        path: PATHS.documentation,
        ...lazyPage(
          () => import('../pages/DocumentationPage'),
          (m) => m.DocumentationPage,
        ),
      },
      {
        path: PATHS.apiGuide,
        ...lazyPage(
          () => import('../pages/ApiGuidePage'),
          (m) => m.ApiGuidePage,
        ),
      },
      {
        path: PATHS.apiReference,
        ...lazyPage(
          () => import('../pages/ApiReferencePage'),
          (m) => m.ApiReferencePage,
        ),
      },
      {
        path: PATHS.community,
        ...lazyPage(
          () => import('../pages/CommunityPage'),
          (m) => m.CommunityPage,
        ),
      },
      {
        path: PATHS.tutorials,
        ...lazyPage(
          () => import('../pages/TutorialsPage'),
          (m) => m.TutorialsPage,
        ),
      },
      {
        path: PATHS.faq,
        ...lazyPage(
          () => import('../pages/FaqPage'),
          (m) => m.FaqPage,
        ),
      },
      {
        path: PATHS.aboutUs,
        ...lazyPage(
          () => import('../pages/AboutPage'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: PATHS.careers,
        ...lazyPage(
          () => import('../pages/CareersPage'),
          (m) => m.CareersPage,
        ),
      },
      {
        path: PATHS.team,
        ...lazyPage(
          () => import('../pages/TeamPage'),
          (m) => m.TeamPage,
        ),
      },
      {
        path: PATHS.help,
        ...lazyPage(
          () => import('../pages/HelpPage'),
          (m) => m.HelpPage,
        ),
      },
      {
        path: PATHS.backtestHistory,
        ...lazyPage(
          () => import('../pages/BacktestHistoryPage'),
          (m) => m.BacktestHistoryPage,
        ),
      },
      {
        path: PATHS.backtestResult,
        ...lazyPage(
          () => import('../pages/BacktestResultPage'),
          (m) => m.BacktestResultPage,
        ),
      },
      {
        path: PATHS.compareBacktests,
        ...lazyPage(
          () => import('../pages/CompareBacktestsPage'),
          (m) => m.CompareBacktestsPage,
        ),
      },
      {
        path: PATHS.portfolios,
        ...lazyPage(
          () => import('../pages/PortfoliosPage'),
          (m) => m.PortfoliosPage,
        ),
      },
      {
        path: PATHS.teamManage,
        ...lazyPage(
          () => import('../pages/TeamManagePage'),
          (m) => m.TeamManagePage,
        ),
      },
      {
        path: PATHS.teamJoin,
        ...lazyPage(
          () => import('../pages/TeamManagePage'),
          (m) => m.TeamJoinPage,
        ),
      },
      {
        path: PATHS.account,
        ...lazyPage(
          () => import('../pages/AccountPage'),
          (m) => m.AccountPage,
        ),
      },
      { path: PATHS.forgotPassword, ...lazyPage(emailLinkPages, (m) => m.ForgotPasswordPage) },
      { path: PATHS.resetPassword, ...lazyPage(emailLinkPages, (m) => m.ResetPasswordPage) },
      { path: PATHS.verifyEmail, ...lazyPage(emailLinkPages, (m) => m.VerifyEmailPage) },
      { path: PATHS.confirmEmail, ...lazyPage(emailLinkPages, (m) => m.ConfirmEmailPage) },
      {
        path: PATHS.sharedResult,
        ...lazyPage(
          () => import('../pages/SharedResultPage'),
          (m) => m.SharedResultPage,
        ),
      },
      { path: DETAIL_ROUTES.research, ...lazyPage(articlePages, (m) => m.ResearchArticlePage) },
      { path: DETAIL_ROUTES.press, ...lazyPage(articlePages, (m) => m.PressReleasePage) },
      { path: DETAIL_ROUTES.strategy, ...lazyPage(articlePages, (m) => m.StrategyPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
