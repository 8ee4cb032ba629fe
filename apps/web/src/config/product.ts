// Who runs the product and how to reach them: shown on the contact page, the privacy policy and in titles.
// Set these to the operator's real details before going live.

export const product = {
  name: 'Gym Membership',
  operator: 'Gym Membership Limited',
  support: {
    email: 'support@example.com',
    privacyEmail: 'privacy@example.com',
    /** Shown as written; New Zealand time. */
    hours: [
      { days: 'Monday to Friday', times: '8:30 am – 5:00 pm' },
      { days: 'Saturday, Sunday and public holidays', times: 'Closed (urgent payment problems: email us)' },
    ],
    replyWithin: 'one working day',
  },
  privacyPolicyUpdated: '22 November 2026',
} as const;
