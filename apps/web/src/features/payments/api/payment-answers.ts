// The payments answers, checked on arrival with the schemas the server answers with
// (@gym/domain/api/payments), and the feature's cache keys.
export {
  PAYMENT_STATUS_GROUP_LABELS,
  PAYMENT_STATUS_GROUPS,
  PAYMENT_TYPES,
  type PaymentDetail,
  type PaymentRow,
  type PaymentStatusGroup,
  type PaymentsAnswer,
  type PaymentType,
  paymentDetailAnswer,
  paymentRetryAnswer,
  paymentsAnswer,
  paymentTypeLabel,
} from '@gym/domain/api/payments';

export const paymentKeys = {
  all: ['payments'] as const,
  lists: ['payments', 'list'] as const,
  list: (organisationId: number, filters: object) => ['payments', 'list', organisationId, filters] as const,
  detail: (organisationId: number, id: number) => ['payments', 'detail', organisationId, id] as const,
};
