// The facts in the sidebar's footer box (spec section 2, "Sidebar footer"), as label and value pairs.
import type { Me } from '@/lib/session/me';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function roleSummary(user: Me): { label: string; value: string }[] {
  return [
    { label: 'Organisation Admin', value: yesNo(user.is_organisation_admin) },
    ...(user.is_gym_admin
      ? [
          { label: 'Gym Admin', value: yesNo(true) },
          { label: 'Gym Admin of > 1 Gym', value: yesNo(user.gyms.length > 1) },
        ]
      : []),
    { label: 'Org is multi-gym', value: yesNo(user.current_organisation?.multi_gym ?? false) },
  ];
}
