// The fields of the specification's section 3 (the data models), each with where the API answers it:
// the operations of the OpenAPI document whose answer carries the model, and the place of the model in
// that answer. api-fields.test.ts checks every field against the app's own OpenAPI document and writes
// docs/api-fields.md from this list, so the table cannot drift from the answers.

export interface SpecField {
  /** The field as section 3 names it (a dotted path for a field of a nested part). */
  name: string;
  /** The answer's name for it, where it differs. */
  as?: string;
  /** Deliberately not answered, and why (the test checks it is indeed absent). */
  notAnswered?: string;
  note?: string;
}

interface AnsweredAt {
  /** An operation of the OpenAPI document: method and path. */
  op: string;
  /** Where the model sits in its success answer (`data`, `data.latest_subscription`, …); lists are walked through. */
  at: string;
}

export interface SpecModel {
  model: string;
  answeredAt: AnsweredAt[];
  fields: (string | SpecField)[];
}

const secret = (answeredAs: string): string =>
  `write-only secret: stored sealed and never sent back; the answer says whether it is set (${answeredAs})`;

export const SPEC_MODELS: SpecModel[] = [
  {
    model: 'Current user',
    answeredAt: [{ op: 'GET /api/me', at: 'data' }],
    fields: [
      'id',
      'name',
      'email',
      'current_organisation',
      'current_organisation.role',
      'current_gym',
      'current_gym.role',
      'organisations',
      'gyms',
      'profile_picture',
      'payment_types',
      { name: 'payment_types.model', note: 'the Payment type model (below)' },
      'start_date',
      {
        name: 'billing_date',
        note: 'set by staff adding the member (POST /api/members) or on their page (PUT /api/members/{id}); the first charge runs pro-rata up to it',
      },
      'offering',
      'price_id',
      'default_payment_type',
      'general_card_surcharge_text',
      'is_staff',
      { name: 'organisation admin (derived)', as: 'is_organisation_admin' },
      { name: 'gym admin (derived)', as: 'is_gym_admin' },
    ],
  },
  {
    model: 'Organisation',
    answeredAt: [{ op: 'GET /api/organisations/{id}', at: 'data' }],
    fields: [
      'id',
      'name',
      'offering_permissions',
      'offering_permissions.enable_offerings',
      'offering_permissions.non_stop',
      'offering_permissions.limited_access',
      'price_frequencies',
      'price_frequencies.weekly',
      'price_frequencies.fortnightly',
      'price_frequencies.monthly',
      'price_frequencies.quarterly',
      'price_frequencies.six_monthly',
      'price_frequencies.yearly',
      'multi_gym',
      'grace_period',
      'grace_period.failed_payment_grace_period',
      'grace_period.failed_payment_grace_period_unit',
      'term_grace_period',
      'term_grace_period.term_membership_grace_period',
      'term_grace_period.term_membership_grace_period_unit',
    ],
  },
  {
    model: 'Gym',
    answeredAt: [
      { op: 'GET /api/gyms/{id}', at: 'data' },
      { op: 'GET /api/gyms', at: 'data' },
    ],
    fields: [
      'id',
      'name',
      'staff_count',
      'members_count',
      'destination_account',
      'place',
      'doors',
      'uuid',
      'logo',
      'created_at',
      'role',
      { name: 'role display', as: 'role_label' },
      'stripe_id',
      'organisation',
      'price_change_notification_reply_to',
      'branch_app_id',
      'branch_key',
      { name: 'branch_secret', notAnswered: secret('branch_secret_set') },
      'akahu_app_token',
      { name: 'akahu_app_secret', notAnswered: secret('akahu_app_secret_set') },
      'break_fee_percentage',
      { name: 'tracks-visits setting', as: 'tracks_visits' },
    ],
  },
  {
    model: 'Destination account',
    answeredAt: [
      { op: 'GET /api/gyms/{id}', at: 'data.destination_account' },
      { op: 'GET /api/payments', at: 'data.destination_account' },
    ],
    fields: [
      'id',
      'name',
      'bank_account_number',
      {
        name: 'repeat_bank_account_number',
        notAnswered:
          'request only: the repeated number while editing, sent as bank_account_number_confirmation',
      },
    ],
  },
  {
    model: 'Place',
    answeredAt: [
      { op: 'GET /api/gyms/{id}', at: 'data.place' },
      { op: 'POST /api/gyms/{id}/access-control/places', at: 'data.place' },
    ],
    fields: ['id', 'name', 'place_id'],
  },
  {
    model: 'Door integration',
    answeredAt: [
      { op: 'GET /api/gyms/{id}', at: 'data.doors' },
      { op: 'GET /api/organisations/{id}/access-control/places/{place_id}/doors', at: 'data' },
    ],
    fields: ['id', 'name', 'door_id', 'tracks_visits'],
  },
  {
    model: 'Access-control entry',
    answeredAt: [
      { op: 'GET /api/organisations/{id}/access-control/integration', at: 'data' },
      { op: 'POST /api/organisations/{id}/access-control/integration', at: 'data' },
    ],
    fields: [
      'id',
      'integration_type',
      {
        name: 'integration',
        note: 'the same record as the provider holds it: id, type, name, whether the key is set',
      },
      { name: 'integration.api_key', notAnswered: secret('api_key_set') },
    ],
  },
  {
    model: 'Search result',
    answeredAt: [{ op: 'POST /api/search', at: 'data' }],
    fields: ['id', 'name', 'email'],
  },
  {
    model: 'Price',
    answeredAt: [
      { op: 'GET /api/offerings/{id}/prices', at: 'data' },
      { op: 'GET /api/organisations/{id}/prices', at: 'data' },
    ],
    fields: [
      'id',
      'amount',
      'billing_frequency',
      'formatted_amount',
      'joining_fee',
      'private',
      'term_amount',
      'term_unit',
      'is_term_membership',
      'formatted_term',
      'total_value',
      'grouping_unique_identifier',
      'formatted_surcharge',
      'formatted_amount_with_surcharge',
      'subscriptions_count',
      'archived_at',
      'gym',
      'offering',
      'private_links',
      'created_at',
    ],
  },
  {
    model: 'Offering',
    answeredAt: [
      { op: 'GET /api/offerings/{id}', at: 'data' },
      { op: 'GET /api/offerings', at: 'data' },
    ],
    fields: [
      'id',
      'name',
      'description',
      'type',
      'all_gyms_access',
      'mandated',
      'hours_mandated',
      'prices_mandated',
      'prices',
      'hours',
      'hours.id',
      'hours.day',
      'hours.open_at',
      'hours.close_at',
      'gyms',
      'gym',
      'archived_at',
      'created_at',
      'updated_at',
      'prices_count',
    ],
  },
  {
    model: 'Subscription',
    answeredAt: [{ op: 'GET /api/members/{id}', at: 'data.latest_subscription' }],
    fields: [
      'id',
      'current_period_start',
      'current_period_end',
      'paused_at',
      'cancelled_at',
      'grace_period_ends_at',
      'price',
      {
        name: 'payments',
        note: 'the latest 25, newest first, with payments_count; every one: GET /api/users/{id}/payments',
      },
      'cancellation_reasons',
      'cancellation_comments',
      'upcoming_payment',
      'pause_start_at',
      'pause_end_at',
      'pause_days_credit',
      'pause_days_remaining',
      'pauses',
      'payments_sum',
      'initial_state',
      'upcoming_state',
      'transition_to_date',
      'transition_to_price',
      'transition_takes_effect_at',
      'undo_cancellation_until',
      'force_price_amount',
      'is_staging',
      'cooling_period_ends_at',
      'is_term_membership',
      'currently_within_term_membership',
      'on_term_membership_price',
      'cancelled_during_cooling_off_period',
      'term_ends_at',
      'latest_term_membership',
      'balance_owing',
      'periods_owing',
      'version',
      'gym',
      'first_payment',
      'private_price_link_id',
      'private_price_link',
      'user',
      'created_at',
    ],
  },
  {
    model: 'Payment',
    answeredAt: [
      { op: 'GET /api/payments', at: 'data' },
      { op: 'GET /api/payments/{id}', at: 'data' },
      { op: 'GET /api/users/{id}/payments', at: 'data' },
    ],
    fields: [
      'id',
      'amount',
      'formatted_amount',
      'surcharge',
      'formatted_surcharge',
      'period_start_at',
      'period_end_at',
      'status',
      {
        name: 'tasks',
        note: 'what is still to be done: send, await_provider, retry (with its day), update_payment_method, collect',
      },
      {
        name: 'user',
        note: 'the member; GET /api/users/{id}/payments is one member’s, so it leaves it out',
      },
      { name: 'destination_account', note: 'the gym bank account a bank payment is paid into' },
      { name: 'subscription', as: 'subscription_id' },
      'is_retry',
      'is_pro_rata',
      'poll_count',
      'akahu_sid',
      'akahu_id',
      'credit_used',
      'error_status',
      'error_description',
      'type',
      { name: 'is_term_membership', note: 'the payment is for a period inside the term' },
      { name: 'cooling_period_ends_at', note: 'the term’s, for a payment inside a term' },
      { name: 'term_ends_at', note: 'the term’s, for a payment inside a term' },
      {
        name: 'balance_owing',
        note: 'what the charge it is an attempt at still owes (domain arrears of that charge)',
      },
      { name: 'periods_owing', note: '1 while that charge is an unpaid period after a failure' },
      'force_amount',
      'processed_by',
      'stripe_id',
      { name: 'meta', note: 'its documented keys only (joining fee, manual note, dispute, …)' },
      'created_at',
    ],
  },
  {
    model: 'Payment type',
    answeredAt: [
      { op: 'GET /api/members/{id}/payment-types', at: 'data' },
      { op: 'GET /api/members/{id}', at: 'data.payment_types' },
      { op: 'GET /api/me', at: 'data.payment_types' },
    ],
    fields: [
      'id',
      'type',
      'model',
      { name: 'bank account model: account number', as: 'model.account_number' },
      { name: 'bank account model: name', as: 'model.name' },
      { name: 'bank account model: status', as: 'model.status' },
      { name: 'bank account model: meta', as: 'model.meta', note: 'the bank and the holder’s name' },
      { name: 'card model: type', as: 'model.type', note: 'the card scheme, also answered as brand' },
      { name: 'card model: exp_month', as: 'model.exp_month' },
      { name: 'card model: exp_year', as: 'model.exp_year' },
      { name: 'card model: last_four', as: 'model.last_four' },
      { name: 'card model: country', as: 'model.country' },
    ],
  },
  {
    model: 'Member',
    answeredAt: [{ op: 'GET /api/members/{id}', at: 'data' }],
    fields: [
      'id',
      'name',
      'email',
      'mobile_number',
      'dob',
      'email_notifications_enabled',
      'push_notifications_enabled',
      'payment_reminders',
      { name: 'emergency contact name', as: 'emergency_contact_name' },
      { name: 'emergency contact email', as: 'emergency_contact_email' },
      { name: 'emergency contact mobile number', as: 'emergency_contact_mobile_number' },
      { name: 'emergency contact relationship', as: 'emergency_contact_relationship' },
      'latest_subscription',
      'default_payment_type',
      'payment_types',
      'profile_picture',
      'visits_count',
      'notes',
      'access_control_credentials',
      'reauthenticate_akahu',
      'has_akahu_connection',
      'is_returning_member',
      'address',
      'suburb',
      'city',
      'post_code',
      'confidence_and_experience',
      'hear_about_us',
      'tags',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
  },
  {
    model: 'Staff member',
    answeredAt: [
      { op: 'GET /api/staff/{id}', at: 'data' },
      { op: 'GET /api/organisations/{id}/staff', at: 'data' },
    ],
    fields: [
      'id',
      'name',
      'email',
      'role',
      'gyms',
      'pending_invite',
      'access_enabled',
      'deleted_at',
      'created_at',
      'profile_picture',
      'visits_count',
    ],
  },
  {
    model: 'Visit',
    answeredAt: [
      { op: 'GET /api/visits', at: 'data' },
      { op: 'GET /api/users/{id}/visits', at: 'data' },
    ],
    fields: ['id', 'user', 'gym', 'visited_at', 'successful'],
  },
];

/** A field as the list gives it. */
export const fieldOf = (field: string | SpecField): SpecField =>
  typeof field === 'string' ? { name: field } : field;

type Json = Record<string, unknown>;

/** Reads an OpenAPI document's success-answer schemas: which properties a model carries, operation by operation. */
export function openApiReader(doc: Json) {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const resolve = (schema: Json): Json => {
    let s = schema;
    while (typeof s?.$ref === 'string') s = schemas[(s.$ref as string).split('/').at(-1)!] ?? {};
    return s ?? {};
  };
  /** The properties of an object schema, through references, unions, intersections and arrays. */
  const properties = (schema: Json): Record<string, Json> => {
    const s = resolve(schema);
    const out: Record<string, Json> = {};
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const part of (s[key] as Json[] | undefined) ?? []) Object.assign(out, properties(part));
    if (s.items) Object.assign(out, properties(s.items as Json));
    Object.assign(out, (s.properties as Record<string, Json> | undefined) ?? {});
    return out;
  };
  const walk = (schema: Json | undefined, path: string): Json | undefined => {
    let s = schema;
    for (const segment of path.split('.').filter(Boolean)) {
      if (!s) return undefined;
      s = properties(s)[segment];
    }
    return s;
  };
  const answerOf = (op: string): Json | undefined => {
    const [method, path] = op.split(' ') as [string, string];
    const operation = ((doc.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as
      | Json
      | undefined;
    const responses = (operation?.responses ?? {}) as Record<string, Json>;
    const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
    return ((success?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as
      | Json
      | undefined;
  };
  return {
    hasOperation: (op: string) => answerOf(op) !== undefined,
    /** Whether the model at `at` in the operation's answer carries the (dotted) field. */
    carries: (op: string, at: string, field: string) => walk(walk(answerOf(op), at), field) !== undefined,
  };
}

export interface FieldFinding {
  model: string;
  field: SpecField;
  /** The operations whose answer carries it (by its name or `as`). */
  answeredIn: string[];
}

export function findFields(doc: Json): FieldFinding[] {
  const reader = openApiReader(doc);
  return SPEC_MODELS.flatMap(({ model, answeredAt, fields }) =>
    fields.map(fieldOf).map((field) => ({
      model,
      field,
      answeredIn: answeredAt
        .filter(
          ({ op, at }) =>
            reader.carries(op, at, field.name) ||
            (field.as !== undefined && reader.carries(op, at, field.as)),
        )
        .map(({ op }) => op),
    })),
  );
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** docs/api-fields.md, from the findings. */
export function renderApiFields(findings: FieldFinding[]): string {
  const present = findings.filter((f) => f.answeredIn.length > 0).length;
  const deliberate = findings.filter((f) => f.field.notAnswered !== undefined).length;
  const lines = [
    '# Specification section 3 fields in the API answers',
    '',
    'Generated by `apps/server/src/http/api-fields.test.ts` from the field list in',
    '`apps/server/src/http/api-fields.test-support.ts` and the app’s own OpenAPI document',
    '(`GET /api/openapi.json`); the test fails when this file, the list or an answer drift apart. To write it',
    'again: `WRITE_API_FIELDS=1 npx vitest run --project server src/http/api-fields.test.ts`.',
    '',
    `${findings.length} fields: ${present} answered, ${deliberate} deliberately not answered, ` +
      `${findings.length - present - deliberate} missing.`,
    '',
    'A field is looked for in each operation named for its model, at the place the model sits in the',
    'answer (`data`, or a part of it); “answered as” gives the answer’s name where it differs.',
  ];
  for (const { model, answeredAt } of SPEC_MODELS) {
    lines.push('', `## ${model}`, '');
    lines.push(`Answered by: ${answeredAt.map(({ op, at }) => `\`${op}\` (${at})`).join('; ')}.`, '');
    lines.push('| Field | Answered as | Present | Where | Notes |', '|---|---|---|---|---|');
    for (const f of findings.filter((x) => x.model === model)) {
      const { field } = f;
      const presentText = f.answeredIn.length > 0 ? 'yes' : field.notAnswered ? 'no (deliberately)' : 'NO';
      lines.push(
        `| ${cell(field.name)} | ${field.as ? `\`${field.as}\`` : ''} | ${presentText} | ${f.answeredIn
          .map((op) => `\`${op}\``)
          .join(', ')} | ${cell(field.notAnswered ?? field.note ?? '')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
