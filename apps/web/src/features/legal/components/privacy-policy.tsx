// The privacy policy of the product, under New Zealand's Privacy Act 2020.
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RouteLink } from '@/components/ui/route-link';
import { product } from '@/config/product';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function PrivacyPolicy() {
  const email = product.support.privacyEmail;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Privacy policy</Title>
        <Text c="dimmed">Last updated {product.privacyPolicyUpdated}</Text>
      </Stack>

      <Section id="about" title="About this policy">
        <Text>
          {product.operator} (“we”, “us”) provides {product.name}: the back office gyms use to run
          memberships, and the site members use to join their gym. This policy explains how we handle personal
          information, in line with the Privacy Act 2020 and its information privacy principles.
        </Text>
        <Text>
          For members, your gym decides what it collects about you and is responsible for it under the Act. We
          hold and use that information on your gym’s behalf, only to provide the service to them.
        </Text>
      </Section>

      <Section id="collect" title="What we collect">
        <Text>About members, from you and from your gym:</Text>
        <List spacing={4}>
          <List.Item>name, email address, mobile number, date of birth and address;</List.Item>
          <List.Item>
            an emergency contact’s name, phone number, email address and relationship to you;
          </List.Item>
          <List.Item>a photo, so gym staff can recognise you;</List.Item>
          <List.Item>
            your membership: what you chose, its price, start and billing dates, pauses and cancellation;
          </List.Item>
          <List.Item>
            payments: when you connect a bank account through Akahu we receive the account name and number,
            never your internet banking password; card details stay with Stripe, and we keep only the card
            type, last four digits and expiry date;
          </List.Item>
          <List.Item>visits, when your gym uses door access;</List.Item>
          <List.Item>
            answers you choose to give, such as how you heard about the gym, and notes staff add.
          </List.Item>
        </List>
        <Text>
          About gym staff: name, email address, role, the gyms you work at, and a record of changes you make
          to memberships and payments. About everyone who uses the sites: your IP address and browser details,
          kept for security.
        </Text>
      </Section>

      <Section id="use" title="How we use it">
        <List spacing={4}>
          <List.Item>
            to run memberships, take payments, retry failed payments and keep a record of both;
          </List.Item>
          <List.Item>
            to send emails the service needs: receipts, sign-in codes, price changes, failed payments;
          </List.Item>
          <List.Item>to give members access to the gym through its door system;</List.Item>
          <List.Item>to keep accounts secure, prevent fraud and find and fix faults;</List.Item>
          <List.Item>to meet our legal obligations, such as keeping tax records.</List.Item>
        </List>
        <Text>We do not sell personal information and do not use it for advertising.</Text>
      </Section>

      <Section id="share" title="Who we share it with">
        <List spacing={4}>
          <List.Item>your gym and its staff;</List.Item>
          <List.Item>
            Akahu (bank account connections and direct debits) and Stripe (card payments);
          </List.Item>
          <List.Item>Kisi, when your gym uses it for door access;</List.Item>
          <List.Item>the services that deliver our emails and report errors in our software;</List.Item>
          <List.Item>
            anyone the law requires us to tell, such as the Police or a court with the proper authority.
          </List.Item>
        </List>
        <Text>
          Some of these providers store information outside New Zealand. We only use providers that protect it
          in ways comparable to New Zealand law, as information privacy principle 12 requires.
        </Text>
      </Section>

      <Section id="security" title="How we keep it safe">
        <Text>
          Information travels over encrypted connections. Passwords are stored only in hashed form, signing in
          can need a second step (a code sent by email), and staff see only the organisation they work for. If
          a privacy breach is likely to cause someone serious harm, we will tell the Privacy Commissioner and
          the people affected as soon as we can.
        </Text>
      </Section>

      <Section id="keep" title="How long we keep it">
        <Text>
          We keep information while the membership or staff account is active and for as long afterwards as
          the gym or the law needs it. Payment records are kept for seven years, as New Zealand tax law
          requires. Information we no longer need is deleted or made anonymous.
        </Text>
      </Section>

      <Section id="rights" title="Seeing and correcting your information">
        <Text>
          You can ask to see the personal information held about you and ask for it to be corrected. Ask your
          gym, or email <Anchor href={`mailto:${email}`}>{email}</Anchor>. We may need to confirm who you are
          first. We will answer within 20 working days, and there is no charge. If we do not agree to a
          correction, you can ask us to keep your statement of the correction with the information.
        </Text>
      </Section>

      <Section id="cookies" title="Cookies">
        <Text>
          We use one essential cookie to keep you signed in, and your browser’s storage for a few settings. We
          do not use advertising or tracking cookies.
        </Text>
      </Section>

      <Section id="complaints" title="Questions and complaints">
        <Text>
          Email <Anchor href={`mailto:${email}`}>{email}</Anchor> or see{' '}
          <RouteLink to="contact-us">Contact us</RouteLink>. If you are not happy with our answer, you can
          complain to the Office of the Privacy Commissioner at{' '}
          <Anchor href="https://www.privacy.org.nz" target="_blank" rel="noopener noreferrer">
            privacy.org.nz
          </Anchor>{' '}
          or on 0800 803 909.
        </Text>
      </Section>

      <Section id="changes" title="Changes to this policy">
        <Text>
          When we change this policy we update it here and change the date at the top. We will tell gyms by
          email about important changes before they take effect.
        </Text>
      </Section>
    </Stack>
  );
}
