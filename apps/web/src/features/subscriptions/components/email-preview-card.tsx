// A member's email as it will be sent: to, reply-to, subject and the text (the HTML is the same words).
import type { EmailPreview } from '@gym/domain/api/subscriptions';
import { Paper, Stack, Text } from '@mantine/core';

export function EmailPreviewCard({ email }: { email: EmailPreview }) {
  return (
    <Paper withBorder p="sm" aria-label="Email preview">
      <Stack gap={4}>
        <Text size="sm">
          <strong>To:</strong> {email.to}
        </Text>
        <Text size="sm">
          <strong>Replies go to:</strong>{' '}
          {email.reply_to ?? 'the sender address (the gym has no price-change reply address)'}
        </Text>
        <Text size="sm">
          <strong>Subject:</strong> {email.subject}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {email.text}
        </Text>
      </Stack>
    </Paper>
  );
}
