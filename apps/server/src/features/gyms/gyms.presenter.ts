// The Gym entity of the specification (section 3), shaped as the answer schemas of @gym/domain/api/gyms
// describe it. Secrets are never sent: only whether one is set.
import type { DestinationAccount, Gym, GymSummary } from '@gym/domain/api/gyms';
import { formatBasisPoints } from '@gym/domain/money';
import { roleLabel } from '@gym/domain/roles';
import type { DestinationAccountRow } from './destination-accounts.repository';
import type { GymRow, gymParts } from './gyms.repository';

const logoUrl = (gym: GymRow) =>
  gym.logoPath
    ? `/api/gyms/${gym.id}/logo?v=${(gym.logoUpdatedAt ?? gym.updatedAt).getTime().toString(36)}`
    : null;

export function presentGymSummary(
  gym: GymRow,
  counts: { staffCount: number; membersCount: number },
  viewerRole: 'admin' | 'personal_trainer' | null,
): GymSummary {
  return {
    id: gym.id,
    uuid: gym.uuid,
    name: gym.name,
    logo: logoUrl(gym),
    role: viewerRole,
    role_label: roleLabel(viewerRole),
    has_payment_account: gym.stripeId !== null,
    tracks_visits: gym.tracksVisits,
    staff_count: counts.staffCount,
    members_count: counts.membersCount,
    created_at: gym.createdAt.toISOString(),
  };
}

export const presentDestinationAccount = (row: DestinationAccountRow): DestinationAccount => ({
  id: row.id,
  name: row.name,
  bank_account_number: row.bankAccountNumber,
});

export function presentGym(input: {
  gym: GymRow;
  organisation: { id: number; name: string };
  counts: { staffCount: number; membersCount: number };
  parts: Awaited<ReturnType<typeof gymParts>>;
  viewerRole: 'admin' | 'personal_trainer' | null;
}): Gym {
  const { gym, parts } = input;
  const canManage = input.viewerRole === 'admin';
  const managed = <T>(value: T) => (canManage ? value : null);
  return {
    ...presentGymSummary(gym, input.counts, input.viewerRole),
    organisation: input.organisation,
    can_manage: canManage,
    stripe_id: managed(gym.stripeId),
    price_change_notification_reply_to: gym.priceChangeNotificationReplyTo,
    break_fee_percentage: gym.breakFeeBasisPoints / 100,
    formatted_break_fee: formatBasisPoints(gym.breakFeeBasisPoints),
    card_surcharge_percentage: gym.cardSurchargeBasisPoints / 100,
    formatted_card_surcharge: formatBasisPoints(gym.cardSurchargeBasisPoints),
    general_card_surcharge_text: gym.generalCardSurchargeText,
    branch_app_id: managed(gym.branchAppId),
    branch_key: managed(gym.branchKey),
    branch_secret_set: canManage && gym.branchSecret !== null,
    akahu_app_token: managed(gym.akahuAppToken),
    akahu_app_secret_set: canManage && gym.akahuAppSecret !== null,
    destination_account: parts.account && canManage ? presentDestinationAccount(parts.account) : null,
    place: parts.place ? { id: parts.place.id, name: parts.place.name, place_id: parts.place.placeId } : null,
    doors: parts.doors.map((d) => ({
      id: d.id,
      name: d.name,
      door_id: d.doorId,
      tracks_visits: d.tracksVisits,
    })),
    updated_at: gym.updatedAt.toISOString(),
  };
}
