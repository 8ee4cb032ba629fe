// Contact page: who to ask about what, the support address and the hours someone answers.
import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { RouteLink } from '@/components/ui/route-link';
import { product } from '@/config/product';

export function ContactDetails() {
  const { support } = product;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Contact us</Title>
      <Text>
        {product.name} is the software your gym uses to run memberships, payments and door access. The best
        person to ask depends on your question.
      </Text>

      <Stack gap="xs" component="section" aria-labelledby="contact-members">
        <Title order={2} id="contact-members">
          Members
        </Title>
        <Text>
          Your gym sets your membership, its price and its terms, so questions about joining, payments,
          pausing or cancelling are best sent to your gym. Their contact details are in the emails they send
          you.
        </Text>
        <Text>
          If you cannot reach your gym, or your question is about your personal information, email us.
        </Text>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="contact-gyms">
        <Title order={2} id="contact-gyms">
          Gym owners and staff
        </Title>
        <Text>
          For help with the back office, payment set-up, door access or your account, email our support team.
        </Text>
        <List spacing={4}>
          <List.Item>Tell us your gym’s name and what you were trying to do.</List.Item>
          <List.Item>For a payment, give the member’s name and the payment date.</List.Item>
          <List.Item>Never send card numbers, bank passwords or sign-in codes by email.</List.Item>
        </List>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="contact-support">
        <Title order={2} id="contact-support">
          Support
        </Title>
        <Text>
          Email{' '}
          <Anchor href={`mailto:${support.email}`} fw={600}>
            {support.email}
          </Anchor>
          . We reply within {support.replyWithin}.
        </Text>
        <Table striped={false} highlightOnHover={false} withTableBorder maw={560} captionSide="top">
          <Table.Caption>Support hours (New Zealand time)</Table.Caption>
          <Table.Tbody>
            {support.hours.map((row) => (
              <Table.Tr key={row.days}>
                <Table.Th scope="row" fw={600}>
                  {row.days}
                </Table.Th>
                <Table.Td>{row.times}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="contact-privacy">
        <Title order={2} id="contact-privacy">
          Privacy
        </Title>
        <Text>
          To see or correct the personal information we hold about you, or to raise a privacy concern, email{' '}
          <Anchor href={`mailto:${support.privacyEmail}`}>{support.privacyEmail}</Anchor>. Our{' '}
          <RouteLink to="legal.privacy-policy">privacy policy</RouteLink> explains what we collect and why.
        </Text>
      </Stack>
    </Stack>
  );
}
