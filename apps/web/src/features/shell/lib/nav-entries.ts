// The sidebar's menu (spec section 2, "Main layout"): each entry has a name, an icon, the route it
// opens and who may see it; groups hold child entries. Only entries whose check passes are shown, and
// each check is the rule the screen itself keeps (docs/roles.md), so no entry opens a screen that refuses.
import {
  type Icon,
  IconBuilding,
  IconBuildingStore,
  IconCalculator,
  IconChartBar,
  IconCreditCard,
  IconDoorEnter,
  IconHeartRateMonitor,
  IconId,
  IconLayoutDashboard,
  IconSettings,
  IconTicket,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { StaffRouteName } from '@/config/paths';
import type { Me } from '@/lib/session/me';
import { canSeeMoney } from '@/lib/session/permissions';

export interface NavEntry {
  name: string;
  icon: Icon;
  /** The screen it opens; groups open nothing themselves. */
  to?: StaffRouteName;
  visible: (user: Me) => boolean;
  children?: NavEntry[];
}

const everyone = () => true;
const organisationAdmins = (user: Me) => user.is_organisation_admin;

const NAV_ENTRIES: NavEntry[] = [
  { name: 'Dashboard', icon: IconLayoutDashboard, to: 'dashboard', visible: everyone },
  { name: 'Members', icon: IconUsers, to: 'members.index', visible: everyone },
  { name: 'Payments', icon: IconCreditCard, to: 'payments.index', visible: canSeeMoney },
  { name: 'Reports', icon: IconChartBar, to: 'reports', visible: canSeeMoney },
  { name: 'Members at risk', icon: IconHeartRateMonitor, to: 'reports.at-risk', visible: canSeeMoney },
  { name: 'Visits', icon: IconDoorEnter, to: 'visits.index', visible: everyone },
  { name: 'Check-in', icon: IconId, to: 'check-in', visible: everyone },
  { name: 'Offerings', icon: IconTicket, to: 'offerings.index', visible: everyone },
  {
    name: 'Organisation',
    icon: IconBuilding,
    visible: organisationAdmins,
    children: [
      { name: 'Staff', icon: IconUsersGroup, to: 'staff.index', visible: organisationAdmins },
      { name: 'Gyms', icon: IconBuildingStore, to: 'gyms.index', visible: organisationAdmins },
      { name: 'Settings', icon: IconSettings, to: 'organisation.settings', visible: organisationAdmins },
      {
        name: 'Calculate Pro Rata',
        icon: IconCalculator,
        to: 'calculate-pro-rata',
        visible: organisationAdmins,
      },
    ],
  },
];

/** The entries this user sees; a group with no visible children is left out. */
export function visibleEntries(user: Me, entries: NavEntry[] = NAV_ENTRIES): NavEntry[] {
  return entries.flatMap((entry) => {
    if (!entry.visible(user)) return [];
    if (!entry.children) return [entry];
    const children = visibleEntries(user, entry.children);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}
