/**
 * The fake Stripe's reading of the calls that carry more than an id: what a Checkout Session is
 * asked to sell, and how, checked as Stripe checks it in the pinned API version.
 */
import Stripe from 'stripe';
import type { Interval, PaymentMethodType } from './fake-stripe-objects';
import {
  type Params,
  StripeApiError,
  at,
  onlyKnown,
  optionalEnum,
  optionalInteger,
  optionalList,
  optionalObject,
  optionalString,
  readMetadata,
  requiredObject,
  requiredString,
} from './fake-stripe-params';

export interface FakeLineItem {
  name: string;
  quantity: number;
  /** In the currency's smallest unit (øre). */
  unitAmount: number;
  currency: string;
  /** How often a subscription's item is billed; null for a one-time price. */
  interval: Interval | null;
}

const CHECKOUT_PARAMS = [
  'mode',
  'allowed_payment_method_types',
  'line_items',
  'client_reference_id',
  'customer_email',
  'metadata',
  'subscription_data',
  'payment_intent_data',
  'success_url',
  'cancel_url',
  'locale',
  'expires_at',
  'expand',
] as const;

const METHODS: readonly PaymentMethodType[] = ['card', 'mobilepay'];
/** MobilePay takes these currencies, and no recurring payments through Stripe (decision 0025). */
const MOBILEPAY_CURRENCIES = ['dkk', 'eur', 'nok', 'sek'];

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  lineItems: FakeLineItem[];
  currency: string;
  /** As asked (null: not asked); `methods` is what can take this payment. */
  allowed: PaymentMethodType[] | null;
  methods: PaymentMethodType[];
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  locale: string | null;
  expiresAt: number;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

/** `POST /v1/checkout/sessions`'s parameters, at the account's time `now` (seconds). */
export function readCheckoutRequest(params: Params, now: number): CheckoutRequest {
  if ('payment_method_types' in params) {
    throw new StripeApiError(
      400,
      `Received unknown parameter: payment_method_types. In API version ${Stripe.API_VERSION} Checkout takes allowed_payment_method_types instead.`,
      'parameter_unknown',
      'payment_method_types',
    );
  }
  onlyKnown(params, CHECKOUT_PARAMS);
  const mode = optionalEnum(params, 'mode', ['payment', 'subscription'] as const);
  if (!mode) throw new StripeApiError(400, 'Missing required param: mode.', 'parameter_missing', 'mode');
  const lineItems = readLineItems(params);
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency)) {
    throw new StripeApiError(400, 'All line items must have the same currency.', 'parameter_invalid_string', 'line_items');
  }
  if (mode === 'payment' && lineItems.some((item) => item.interval)) {
    throw new StripeApiError(
      400,
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      'parameter_invalid_string',
      'line_items',
    );
  }
  if (mode === 'subscription') {
    // Stripe would add one-time prices to the first invoice; the fake keeps each invoice line a period.
    if (lineItems.some((item) => !item.interval)) {
      throw new StripeApiError(400, 'The fake Stripe takes only recurring prices in `subscription` mode.', 'parameter_invalid_string', 'line_items');
    }
    if (new Set(lineItems.map((item) => item.interval)).size > 1) {
      throw new StripeApiError(400, 'Checkout does not support multiple prices with different billing intervals.', 'parameter_invalid_string', 'line_items');
    }
  }
  const subscriptionData = optionalObject(params, 'subscription_data');
  const paymentIntentData = optionalObject(params, 'payment_intent_data');
  if (subscriptionData && mode !== 'subscription') {
    throw new StripeApiError(400, `You can not pass \`subscription_data\` in \`${mode}\` mode.`, 'parameter_invalid_string', 'subscription_data');
  }
  if (paymentIntentData && mode !== 'payment') {
    throw new StripeApiError(400, `You can not pass \`payment_intent_data\` in \`${mode}\` mode.`, 'parameter_invalid_string', 'payment_intent_data');
  }
  if (subscriptionData) onlyKnown(subscriptionData, ['metadata'], 'subscription_data');
  if (paymentIntentData) onlyKnown(paymentIntentData, ['metadata'], 'payment_intent_data');

  const successUrl = readUrl(params, 'success_url');
  if (!successUrl) throw new StripeApiError(400, 'Missing required param: success_url.', 'parameter_missing', 'success_url');
  const cancelUrl = readUrl(params, 'cancel_url');
  const clientReferenceId = optionalString(params, 'client_reference_id');
  if (clientReferenceId !== undefined && (clientReferenceId.length === 0 || clientReferenceId.length > 200)) {
    throw new StripeApiError(400, 'client_reference_id must be 1 to 200 characters.', 'parameter_invalid_string', 'client_reference_id');
  }
  const customerEmail = optionalString(params, 'customer_email');
  if (customerEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(customerEmail)) {
    throw new StripeApiError(400, `Invalid email address: ${customerEmail}`, 'email_invalid', 'customer_email');
  }
  const locale = optionalString(params, 'locale');
  if (locale !== undefined && !/^(auto|[a-z]{2,3}(-[A-Za-z0-9]{2,3})?)$/.test(locale)) {
    throw new StripeApiError(400, `Invalid locale: ${locale}`, 'parameter_invalid_string', 'locale');
  }
  const expiresAt = optionalInteger(params, 'expires_at') ?? now + 24 * 3600;
  if (expiresAt > now + 24 * 3600) {
    throw new StripeApiError(400, 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'parameter_invalid_integer', 'expires_at');
  }
  if (expiresAt < now + 30 * 60) {
    throw new StripeApiError(400, 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'parameter_invalid_integer', 'expires_at');
  }
  const allowed = readAllowedMethods(params);
  // As Stripe does, the allowed methods are filtered to those that can take this payment.
  const methods = (allowed ?? METHODS).filter((m) => m === 'card' || (mode === 'payment' && MOBILEPAY_CURRENCIES.includes(currency)));
  if (methods.length === 0) {
    throw new StripeApiError(
      400,
      `None of the allowed payment method types (${allowed!.join(', ')}) can be used for this Checkout Session: MobilePay takes no recurring payments and only ${MOBILEPAY_CURRENCIES.join(', ')}.`,
      'payment_method_unactivated',
      'allowed_payment_method_types',
    );
  }

  return {
    mode,
    lineItems,
    currency,
    allowed: allowed ?? null,
    methods,
    successUrl,
    cancelUrl: cancelUrl ?? null,
    clientReferenceId: clientReferenceId ?? null,
    customerEmail: customerEmail ?? null,
    locale: locale ?? null,
    expiresAt,
    metadata: readMetadata(params, 'metadata') ?? {},
    subscriptionMetadata: (subscriptionData && readMetadata(subscriptionData, 'metadata', 'subscription_data')) ?? {},
    paymentIntentMetadata: (paymentIntentData && readMetadata(paymentIntentData, 'metadata', 'payment_intent_data')) ?? {},
  };
}

function readUrl(params: Params, key: string): string | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StripeApiError(400, `Not a valid URL: ${key}`, 'url_invalid', key);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StripeApiError(400, `Not a valid URL: ${key}`, 'url_invalid', key);
  return value;
}

function readAllowedMethods(params: Params): PaymentMethodType[] | undefined {
  const values = optionalList(params, 'allowed_payment_method_types');
  if (values === undefined) return undefined;
  if (values.length === 0) throw new StripeApiError(400, 'Invalid array: allowed_payment_method_types', 'parameter_invalid_array', 'allowed_payment_method_types');
  return values.map((value, i) => {
    if (typeof value !== 'string' || !(METHODS as readonly string[]).includes(value)) {
      throw new StripeApiError(
        400,
        `The fake Stripe takes only ${METHODS.join(' and ')}: allowed_payment_method_types[${i}]`,
        'parameter_invalid_string',
        `allowed_payment_method_types[${i}]`,
      );
    }
    return value as PaymentMethodType;
  });
}

function readLineItems(params: Params): FakeLineItem[] {
  const raw = optionalList(params, 'line_items');
  if (!raw?.length) throw new StripeApiError(400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
  return raw.map((item, i) => {
    const path = at('line_items', i);
    if (typeof item === 'string') throw new StripeApiError(400, `Invalid object: ${path}`, 'parameter_invalid_string', path);
    onlyKnown(item, ['quantity', 'price_data'], path);
    const quantity = optionalInteger(item, 'quantity', path);
    if (quantity === undefined) throw new StripeApiError(400, `Missing required param: ${at(path, 'quantity')}.`, 'parameter_missing', at(path, 'quantity'));
    if (quantity < 1) throw new StripeApiError(400, `Invalid positive integer: ${at(path, 'quantity')}`, 'parameter_invalid_integer', at(path, 'quantity'));
    const pricePath = at(path, 'price_data');
    const price = requiredObject(item, 'price_data', path);
    onlyKnown(price, ['currency', 'unit_amount', 'product_data', 'recurring'], pricePath);
    const currency = requiredString(price, 'currency', pricePath).toLowerCase();
    const unitAmount = optionalInteger(price, 'unit_amount', pricePath);
    if (unitAmount === undefined) throw new StripeApiError(400, `Missing required param: ${at(pricePath, 'unit_amount')}.`, 'parameter_missing', at(pricePath, 'unit_amount'));
    if (unitAmount < 0 || unitAmount > 99_999_999) {
      throw new StripeApiError(400, `Invalid ${at(pricePath, 'unit_amount')}: must be between 0 and 99999999`, 'parameter_invalid_integer', at(pricePath, 'unit_amount'));
    }
    const product = requiredObject(price, 'product_data', pricePath);
    onlyKnown(product, ['name'], at(pricePath, 'product_data'));
    const name = requiredString(product, 'name', at(pricePath, 'product_data'));
    const recurring = optionalObject(price, 'recurring', pricePath);
    let interval: Interval | null = null;
    if (recurring) {
      onlyKnown(recurring, ['interval'], at(pricePath, 'recurring'));
      interval = optionalEnum(recurring, 'interval', ['month', 'year'] as const, at(pricePath, 'recurring')) ?? null;
      if (!interval) {
        throw new StripeApiError(400, `Missing required param: ${at(at(pricePath, 'recurring'), 'interval')}.`, 'parameter_missing', at(at(pricePath, 'recurring'), 'interval'));
      }
    }
    return { name, quantity, unitAmount, currency, interval };
  });
}

export function readCancellationDetails(params: Params): { comment?: string; feedback?: Stripe.Subscription.CancellationDetails.Feedback } | undefined {
  const details = optionalObject(params, 'cancellation_details');
  if (!details) return undefined;
  onlyKnown(details, ['comment', 'feedback'], 'cancellation_details');
  const comment = optionalString(details, 'comment', 'cancellation_details');
  const feedback = optionalEnum(
    details,
    'feedback',
    ['customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex', 'too_expensive', 'unused'] as const,
    'cancellation_details',
  );
  return { ...(comment !== undefined ? { comment } : {}), ...(feedback ? { feedback } : {}) };
}
