// Age-bypass links: a join-site address that lets one person under the organisation's minimum age
// register. Each press makes a new link; the ones made on this visit stay listed to copy.
import { formatDateTime } from '@gym/domain/format';
import { ActionIcon, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { useCreateAgeBypassLink } from '../api/create-age-bypass-link';
import type { AgeBypassLink, Organisation } from '../api/organisation-answers';

function LinkRow({ link, latest }: { link: AgeBypassLink; latest: boolean }) {
  return (
    <TextInput
      label={latest ? 'New link' : `Link made ${formatDateTime(new Date(link.created_at))}`}
      description={latest ? `Made ${formatDateTime(new Date(link.created_at))}` : undefined}
      value={link.url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={link.url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow position="left">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? 'Link copied' : 'Copy link'}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

export function AgeBypassLinks({ organisation }: { organisation: Organisation }) {
  const create = useCreateAgeBypassLink(organisation.id);
  const [links, setLinks] = useState<AgeBypassLink[]>([]);

  return (
    <SectionCard
      title="Age-bypass link"
      description={`Members must be at least ${organisation.minimum_age} to join online. Send this link to someone younger whom you have approved, so they can register.`}
    >
      <Stack gap="sm" aria-live="polite">
        {links.length === 0 ? (
          <Text size="sm">No links made on this visit yet.</Text>
        ) : (
          links.map((link, index) => <LinkRow key={link.id} link={link} latest={index === 0} />)
        )}
      </Stack>
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconLink size={16} aria-hidden />}
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: (link) => setLinks((all) => [link, ...all]) })}
        >
          Create age-bypass link
        </Button>
      </Group>
    </SectionCard>
  );
}
