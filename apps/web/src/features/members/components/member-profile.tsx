// /members/{id}: the member's profile (with edit and a confirmed delete), their membership card in its
// colour, payments, visits, payment methods, door access, notes and tags, and the activity log. The
// subscription actions are not this feature's: the route module passes them in as `actions`.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar, IconEdit, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { LoadErrorAlert } from '@/components/ui/table-states';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import type { Member } from '../api/member-answers';
import { useDeleteMember, useMember } from '../api/members-api';
import { MemberEditForm } from './member-edit-form';
import {
  MemberActivityLog,
  MemberDoorAccess,
  MemberPaymentMethods,
  MemberPayments,
  MemberVisits,
} from './member-records';
import { SubscriptionCard } from './subscription-card';

/** What the route module may put on the membership card: the subscription actions. */
export type MemberActions = (member: Member) => ReactNode;

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function DeleteMemberModal({
  member,
  opened,
  onClose,
}: {
  member: Member;
  opened: boolean;
  onClose(): void;
}) {
  const remove = useDeleteMember(member.id);
  const navigate = useNavigate();
  const owesMoney = isApiError(remove.error) && remove.error.status === 409;
  const confirm = (withConfirmation: boolean) =>
    remove.mutate(withConfirmation, {
      onSuccess: () => {
        notifySuccess(`${member.name} was deleted.`);
        void navigate(route('members.index'));
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${member.name}?`}>
      <Stack>
        <Text size="sm">
          They leave the members list. Their payments and history stay on record; their membership and door
          access are not changed by this.
        </Text>
        {remove.isError && (
          <Alert
            color={owesMoney ? 'yellow' : 'red'}
            role="alert"
            title={owesMoney ? 'This member owes money' : 'Could not delete'}
          >
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep member
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => confirm(owesMoney)}>
            {owesMoney ? 'Delete anyway' : 'Delete member'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ProfileDetails({ member }: { member: Member }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      <Detail label="Email" value={member.email} />
      <Detail label="Mobile" value={member.mobile_number} />
      <Detail label="Date of birth" value={member.dob ? formatDate(member.dob as CalendarDate) : null} />
      <Detail label="Home gym" value={member.home_gym?.name} />
      <Detail
        label="Billing date"
        value={
          member.billing_date
            ? formatDate(member.billing_date as CalendarDate, 'full')
            : 'Not set: billed from the start date'
        }
      />
      <Detail
        label="Address"
        value={[member.address, member.suburb, member.city, member.post_code].filter(Boolean).join(', ')}
      />
      <Detail
        label="Emergency contact"
        value={[
          member.emergency_contact_name,
          member.emergency_contact_relationship,
          member.emergency_contact_mobile_number,
          member.emergency_contact_email,
        ]
          .filter(Boolean)
          .join(', ')}
      />
      <Detail label="Confidence and experience" value={member.confidence_and_experience_label} />
      <Detail label="Heard about us" value={member.hear_about_us_label} />
      <Detail
        label="Notifications"
        value={
          [
            member.email_notifications_enabled ? 'Email' : null,
            member.push_notifications_enabled ? 'Push' : null,
            member.payment_reminders ? 'Payment reminders' : null,
          ]
            .filter(Boolean)
            .join(', ') || 'None'
        }
      />
      <Detail label="Visits" value={String(member.visits_count)} />
      <Detail
        label="Last visit"
        value={member.last_visit_at ? formatDate(new Date(member.last_visit_at)) : 'Never'}
      />
      <Detail label="Joined" value={formatDate(new Date(member.created_at))} />
    </SimpleGrid>
  );
}

export function MemberProfile({ memberId, actions }: { memberId: number; actions?: MemberActions }) {
  const user = useCurrentUser();
  const query = useMember(memberId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (query.isError)
    return (
      <Stack>
        <Anchor component={Link} to={route('members.index')} size="sm">
          ← Members
        </Anchor>
        <LoadErrorAlert what="this member" error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  const member = query.data;
  if (!member)
    return (
      <Stack aria-busy>
        <Skeleton height={36} width="40%" />
        <Skeleton height={160} />
        <Skeleton height={240} />
      </Stack>
    );
  const homeGymId = member.home_gym?.id;
  const canManage =
    user.is_organisation_admin || user.gyms.some((g) => g.id === homeGymId && g.role === 'admin');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={route('members.index')} size="sm">
        ← Members
      </Anchor>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Avatar src={member.profile_picture} size={56} radius="xl" alt={`Photo of ${member.name}`}>
            {member.name.slice(0, 1)}
          </Avatar>
          <div>
            <Title order={1}>{member.name}</Title>
            <Group gap={4}>
              {member.tags.map((tag) => (
                <Badge key={tag} size="sm" variant="outline">
                  {tag}
                </Badge>
              ))}
            </Group>
          </div>
        </Group>
        <Group gap="sm">
          <Button
            component={Link}
            to={route('members.activity', { id: member.id })}
            variant="default"
            leftSection={<IconChartBar size={16} aria-hidden />}
          >
            Activity charts
          </Button>
          {canManage && (
            <>
              <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Edit profile
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      </Group>
      <SubscriptionCard subscription={member.latest_subscription} actions={actions?.(member)} />
      <SectionCard title="Profile">
        <ProfileDetails member={member} />
      </SectionCard>
      <SectionCard title="Notes">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {member.notes || 'No notes.'}
        </Text>
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MemberPayments memberId={member.id} />
        <MemberVisits memberId={member.id} />
        <MemberPaymentMethods memberId={member.id} />
        <MemberDoorAccess memberId={member.id} canManage={canManage} />
      </SimpleGrid>
      <MemberActivityLog memberId={member.id} />
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Edit ${member.name}`} size="lg">
        {editing && <MemberEditForm member={member} onDone={() => setEditing(false)} />}
      </Modal>
      <DeleteMemberModal member={member} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
