// Customers and their saved cards (PaymentMethods: create, retrieve, attach, detach, list).
import type { FastifyInstance } from 'fastify';
import { obj, str, stringMap } from '../shared/form-body';
import { stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest, missingParam } from './errors';
import { emitStripeEvent } from './events';
import { findScoped, listScoped } from './lookups';
import { cardFromParams, checkCardForSaving, createPaymentMethod } from './payment-methods';
import { listOf, stripeRoute } from './route';
import { CUSTOMER_UNUSED, type Customer } from './types';

export function registerCustomerRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const customers = ctx.state.customers;
  const pms = ctx.state.paymentMethods;

  stripeRoute(app, ctx, 'POST', '/v1/customers', (call) => {
    const { params, account } = call;
    const customer: Customer = {
      id: stripeId('cus').slice(0, 18),
      object: 'customer',
      ...CUSTOMER_UNUSED,
      email: str(params.email) ?? null,
      name: str(params.name) ?? null,
      description: str(params.description) ?? null,
      phone: str(params.phone) ?? null,
      metadata: stringMap(params.metadata),
      invoice_settings: { default_payment_method: null },
      created: nowUnix(ctx),
      livemode: false,
    };
    customers.set(customer.id, { account, value: customer });
    emitStripeEvent(ctx, { account, call }, 'customer.created', customer);
    return customer;
  });
  stripeRoute(
    app,
    ctx,
    'GET',
    '/v1/customers/:id',
    ({ pathParams, account }) => findScoped(customers, pathParams.id, account, 'customer').value,
  );
  stripeRoute(app, ctx, 'POST', '/v1/customers/:id', ({ pathParams, account, params }) => {
    const customer = findScoped(customers, pathParams.id, account, 'customer').value;
    for (const key of ['email', 'name', 'description', 'phone'] as const) {
      if (str(params[key]) !== undefined) customer[key] = str(params[key]) || null;
    }
    if (params.metadata !== undefined)
      customer.metadata = { ...customer.metadata, ...stringMap(params.metadata) };
    const defaultPm = str(obj(params.invoice_settings).default_payment_method);
    if (defaultPm !== undefined) customer.invoice_settings.default_payment_method = defaultPm || null;
    return customer;
  });
  stripeRoute(app, ctx, 'DELETE', '/v1/customers/:id', ({ pathParams, account }) => {
    const customer = findScoped(customers, pathParams.id, account, 'customer').value;
    customers.delete(customer.id);
    return { id: customer.id, object: 'customer', deleted: true };
  });
  stripeRoute(app, ctx, 'GET', '/v1/customers/:id/payment_methods', ({ pathParams, account }) => {
    const customer = findScoped(customers, pathParams.id, account, 'customer').value;
    const data = listScoped(pms, account).filter((pm) => pm.customer === customer.id);
    return listOf(`/v1/customers/${customer.id}/payment_methods`, data);
  });

  stripeRoute(
    app,
    ctx,
    'POST',
    '/v1/payment_methods',
    ({ params, account }) =>
      createPaymentMethod(
        ctx,
        account,
        cardFromParams(ctx, params),
        obj(params.billing_details),
        stringMap(params.metadata),
      ),
    { publishable: true },
  );
  stripeRoute(
    app,
    ctx,
    'GET',
    '/v1/payment_methods/:id',
    ({ pathParams, account }) => findScoped(pms, pathParams.id, account, 'PaymentMethod').value,
  );
  stripeRoute(app, ctx, 'GET', '/v1/payment_methods', ({ params, account }) => {
    const customer = str(params.customer);
    return listOf(
      '/v1/payment_methods',
      listScoped(pms, account).filter((pm) => !customer || pm.customer === customer),
    );
  });
  stripeRoute(app, ctx, 'POST', '/v1/payment_methods/:id/attach', (call) => {
    const { pathParams, account, params } = call;
    const pm = findScoped(pms, pathParams.id, account, 'PaymentMethod').value;
    const customerId = str(params.customer);
    if (!customerId) throw missingParam('customer');
    const customer = findScoped(customers, customerId, account, 'customer', 'customer').value;
    if (pm.customer && pm.customer !== customer.id) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
      });
    }
    checkCardForSaving(ctx, pm);
    pm.customer = customer.id;
    emitStripeEvent(ctx, { account, call }, 'payment_method.attached', pm);
    return pm;
  });
  stripeRoute(app, ctx, 'POST', '/v1/payment_methods/:id/detach', (call) => {
    const pm = findScoped(pms, call.pathParams.id, call.account, 'PaymentMethod').value;
    if (!pm.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    pm.customer = null;
    emitStripeEvent(ctx, { account: call.account, call }, 'payment_method.detached', pm);
    return pm;
  });
}
