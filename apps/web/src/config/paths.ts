// Every page address of both sites, by route name (spec section 2). Links, redirects and the routers
// build their paths here and nowhere else.
import { appConfig } from './app-config';

export type Host = 'staff' | 'member';

export const routes = {
  // Staff back office (APP_URL)
  home: { host: 'staff', path: '/' },
  dashboard: { host: 'staff', path: '/dashboard' },
  'members.index': { host: 'staff', path: '/members' },
  'members.create': { host: 'staff', path: '/members/create' },
  'members.change-price.index': { host: 'staff', path: '/members/change-price' },
  'members.show': { host: 'staff', path: '/members/:id' },
  'members.activity': { host: 'staff', path: '/members/:id/activity' },
  'payments.index': { host: 'staff', path: '/payments' },
  'visits.index': { host: 'staff', path: '/visits' },
  reports: { host: 'staff', path: '/reports' },
  'reports.at-risk': { host: 'staff', path: '/reports/at-risk' },
  'check-in': { host: 'staff', path: '/check-in' },
  'offerings.index': { host: 'staff', path: '/offerings' },
  'offerings.create': { host: 'staff', path: '/offerings/create' },
  'offerings.show': { host: 'staff', path: '/offerings/:id' },
  'offerings.edit': { host: 'staff', path: '/offerings/:id/edit' },
  'staff.index': { host: 'staff', path: '/staff' },
  'staff.show': { host: 'staff', path: '/staff/:id' },
  'gyms.index': { host: 'staff', path: '/gyms' },
  'gyms.show': { host: 'staff', path: '/gyms/:id' },
  'gyms.edit': { host: 'staff', path: '/gyms/:id/edit' },
  'organisation.settings': { host: 'staff', path: '/organisation/settings' },
  'calculate-pro-rata': { host: 'staff', path: '/calculate-pro-rata' },
  webhooks: { host: 'staff', path: '/webhooks' },
  'webhook-calls': { host: 'staff', path: '/webhook-calls' },
  'active-user-debugging': { host: 'staff', path: '/active-user-debugging' },
  'expected-payments-debugging': { host: 'staff', path: '/expected-payments-debugging' },
  'stripe.callback': { host: 'staff', path: '/stripe/callback' },
  login: { host: 'staff', path: '/login' },
  'forgot-password': { host: 'staff', path: '/forgot-password' },
  'set-password': { host: 'staff', path: '/set-password' },
  'accept-invitation': { host: 'staff', path: '/accept-invitation' },
  'reset-password': { host: 'staff', path: '/reset-password' },
  'two-factor-authentication': { host: 'staff', path: '/two-factor-authentication' },
  'legal.privacy-policy': { host: 'staff', path: '/legal/privacy-policy' },
  'contact-us': { host: 'staff', path: '/contact-us' },

  // Member join site (REGISTER_URL)
  register: { host: 'member', path: '/' },
  'register.verification-code': { host: 'member', path: '/verification-code' },
  'register.take-photo': { host: 'member', path: '/take-photo' },
  'register.choose-payment-method': { host: 'member', path: '/choose-payment-method' },
  'register.connect-akahu': { host: 'member', path: '/connect-akahu' },
  'register.card-details': { host: 'member', path: '/card-details' },
  'register.bank-account-connected': { host: 'member', path: '/bank-account-connected' },
  'register.card-connected': { host: 'member', path: '/card-connected' },
  'register.confirm-subscription': { host: 'member', path: '/confirm-subscription' },
  'register.welcome-to-gym': { host: 'member', path: '/welcome-to-gym' },
  // The member's own account, once they have joined (issue 24)
  account: { host: 'member', path: '/account' },
  'account.pay': { host: 'member', path: '/account/pay' },
  'account.payments': { host: 'member', path: '/account/payments' },
  'account.receipt': { host: 'member', path: '/account/payments/:id/receipt' },
  'account.payment-method': { host: 'member', path: '/account/payment-method' },
  'account.pause': { host: 'member', path: '/account/pause' },
  'account.cancel': { host: 'member', path: '/account/cancel' },
  'account.details': { host: 'member', path: '/account/details' },
} as const satisfies Record<string, { host: Host; path: string }>;

export type RouteName = keyof typeof routes;
export type StaffRouteName = {
  [N in RouteName]: (typeof routes)[N]['host'] extends 'staff' ? N : never;
}[RouteName];

/** `'/members/:id/activity'` → `'id'` */
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type RouteParams<N extends RouteName> = {
  [K in ParamNames<(typeof routes)[N]['path']>]: string | number;
};

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** Params are required exactly when the path has some. */
export type RouteArgs<N extends RouteName> = [ParamNames<(typeof routes)[N]['path']>] extends [never]
  ? [params?: Record<string, never> | null, query?: Query]
  : [params: RouteParams<N>, query?: Query];

/** Query text with empty values left out: `{ page: 2, q: undefined }` → `?page=2`. */
export function queryString(query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path of a named page on its own site: `route('members.show', { id: 7 })` → `'/members/7'`. */
export function route<N extends RouteName>(name: N, ...[params, query]: RouteArgs<N>): string {
  const pattern: string = routes[name].path;
  const path = pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = (params as Record<string, string | number> | null | undefined)?.[key];
    if (value === undefined || value === '') throw new Error(`route('${name}') needs the parameter '${key}'`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(query);
}

/** The full address of a named page, for links to the other site and for emails. */
export function routeUrl<N extends RouteName>(name: N, ...args: RouteArgs<N>): string {
  const base = routes[name].host === 'staff' ? appConfig.appUrl : appConfig.registerUrl;
  return base + route(name, ...args);
}

/** The router's path pattern of a named page, e.g. `'/members/:id'`. */
export const routePath = (name: RouteName): string => routes[name].path;

export const routeHost = (name: RouteName): Host => routes[name].host;
