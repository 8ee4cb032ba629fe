// Private links of a price (POST /api/prices/{id}/private-links): each opens the price on the join site,
// even a private one; an age-bypass link also lets someone under the minimum age join through it.
import { formatDateTime } from '@gym/domain';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import type { Price, PrivateLink } from '../api/offering-answers';
import { useCreatePrivateLink } from '../api/price-actions';

function LinkRow({ link, index }: { link: PrivateLink; index: number }) {
  const clipboard = useClipboard({ timeout: 3000 });
  const label = `Private link ${index + 1}`;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={label}
          description={`Created ${formatDateTime(new Date(link.created_at))}`}
          value={link.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          rightSectionWidth={link.age_bypass ? 100 : undefined}
          rightSection={
            link.age_bypass ? (
              <Badge size="sm" variant="light" color="grape">
                Age bypass
              </Badge>
            ) : null
          }
        />
        <Button
          variant={clipboard.copied ? 'light' : 'default'}
          color={clipboard.copied ? 'teal' : undefined}
          leftSection={
            clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          onClick={() => clipboard.copy(link.url)}
          aria-label={clipboard.copied ? 'Copied' : `Copy link (${label.toLowerCase()})`}
        >
          {clipboard.copied ? 'Copied' : 'Copy link'}
        </Button>
      </Group>
      <VisuallyHidden role="status">{clipboard.copied ? 'Link copied to the clipboard' : ''}</VisuallyHidden>
      {clipboard.error ? (
        <Text size="sm" c="red">
          This browser did not allow copying. Select the link and copy it yourself.
        </Text>
      ) : null}
    </Stack>
  );
}

interface PrivateLinksProps {
  price: Price;
  offeringId: number;
  /** Links can be made for prices on sale, by people who may change the offering. */
  canCreate: boolean;
}

export function PrivateLinks({ price, offeringId, canCreate }: PrivateLinksProps) {
  const create = useCreatePrivateLink(offeringId);
  const [ageBypass, setAgeBypass] = useState(false);
  const links = price.private_links;
  if (links.length === 0 && !canCreate) return null;

  const createLink = () =>
    create.mutate(
      { priceId: price.id, ageBypass },
      {
        onSuccess: () => {
          setAgeBypass(false);
          notifySuccess('Private link created. Copy it to share it.');
        },
      },
    );

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Private links
      </Text>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No private links yet. A private link opens this price on the join site, even when it is private.
        </Text>
      ) : (
        links.map((link, index) => <LinkRow key={link.id} link={link} index={index} />)
      )}
      {create.isError ? (
        <Alert color="red" role="alert" title="Could not create the link">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      {canCreate ? (
        <Group gap="md">
          <Checkbox
            label="Age bypass (people under the minimum age can join through it)"
            checked={ageBypass}
            onChange={(event) => setAgeBypass(event.currentTarget.checked)}
          />
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconLink size={16} aria-hidden />}
            loading={create.isPending}
            onClick={createLink}
          >
            Create private link
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
